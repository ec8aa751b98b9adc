import { checkEmail } from '@/lib/validation'
import type { CruiseRequest, EnquiryInput, TravelStyle } from '../types'
import { mailDraft, type MailDraft } from './mailto'

/** Travel styles (spec 3), luxury selected by default. */
export const TRAVEL_STYLES: readonly TravelStyle[] = ['luxury', 'beach', 'wellness', 'culture', 'adventure', 'budget']
export const DEFAULT_STYLES: readonly TravelStyle[] = ['luxury']

export const NAME_NEEDED = 'Please add your name so we can respond.'
export const CONCIERGE_THANKS = 'Thanks! Our holidays concierge will get back to you shortly.'

/** The site's own pages that pass `from`; any other value is a blog post's slug. */
export const PAGE_SOURCES = ['home', 'cruises', 'contact', 'offers', 'holidays', 'mice', 'visas'] as const

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The cruise search as the form shows it: every part a string the traveller may edit. */
export interface CruiseFields {
  destination: string
  port: string
  dates: string
  duration: string
  travellers: string
}

/** What the concierge form starts with, read from the address it was opened at (spec 2.11 and the hand-offs). */
export interface ConciergePrefill {
  /** A blog slug, one of PAGE_SOURCES, or 'Direct'. */
  source: string
  /** The blog post's slug when a post sent the traveller. */
  blog?: string
  destinations: string
  notes: string
  /** What the cruise search handed over, when it did. */
  cruise?: CruiseFields
}

/** One line of at most max characters: the API refuses line breaks in these fields. */
function line(value: string | null, max = 100): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max)
}

/**
 * The hand-off query strings (shared facts): `from` (a blog slug or a page),
 * `topic` and `card` from the home page's and other pages' cards, and the
 * cruise search's `to`, `port`, `dates`, `duration` and `pax`.
 */
export function conciergePrefill(params: URLSearchParams): ConciergePrefill {
  const from = line(params.get('from'), 120).toLowerCase()
  const page = (PAGE_SOURCES as readonly string[]).includes(from)
  const blog = !page && SLUG_RE.test(from) ? from : undefined
  const source = page || blog ? from : 'Direct'
  const notes: string[] = []
  let destinations = ''
  if (blog) notes.push(`Found via blog: ${blog}`)

  const card = line(params.get('card'), 200)
  const topic = line(params.get('topic')).toLowerCase()
  if (card) {
    destinations = card
    if (topic === 'stopover') notes.push(`Interested in a stopover: ${card}`)
    else if (topic === 'holidays') notes.push(`Interested in the holiday: ${card}`)
    else notes.push(`Interested in: ${card}${page ? ` (from the ${from} page)` : ''}`)
  } else if (topic === 'stopover') {
    notes.push('Interested in a stopover')
  }

  let cruise: CruiseFields | undefined
  if (from === 'cruises') {
    const c: CruiseFields = {
      destination: line(params.get('to')),
      port: line(params.get('port')),
      dates: line(params.get('dates')),
      duration: line(params.get('duration')),
      travellers: line(params.get('pax')),
    }
    if (Object.values(c).some(Boolean)) cruise = c
  }
  return { source, blog, destinations, notes: notes.join('\n'), cruise }
}

/** The cruise search in one line: "Alaska · from Seattle · 8–10 nights · 2 adults". */
export function cruiseSummary(c: CruiseFields): string {
  const [destination, port, dates, duration, travellers] = [
    c.destination,
    c.port,
    c.dates,
    c.duration,
    c.travellers,
  ].map((s) => s.trim())
  return [destination, port && `from ${port}`, dates, duration, travellers].filter(Boolean).join(' · ')
}

export interface ConciergeValues {
  name: string
  email: string
  phone: string
  destinations: string
  dates: string
  flexible: boolean
  budget: string
  travellers: string
  styles: TravelStyle[]
  notes: string
  cruise?: CruiseFields
}

export type ConciergeFieldName = Exclude<keyof ConciergeValues, 'cruise'> | `cruise.${keyof CruiseFields}`

/** The form's first values: the hand-off, and the signed-in traveller's name and e-mail. */
export function conciergeDefaults(prefill: ConciergePrefill, user?: { fullName: string; email: string } | null) {
  return {
    name: user?.fullName ?? '',
    email: user?.email ?? '',
    phone: '',
    destinations: prefill.destinations,
    dates: '',
    flexible: false,
    budget: '',
    travellers: '',
    styles: [...DEFAULT_STYLES],
    notes: prefill.notes,
    cruise: prefill.cruise ? { ...prefill.cruise } : undefined,
  } satisfies ConciergeValues
}

/**
 * Spec 5's order: no e-mail (typed or the account's) means sign in first; no
 * name is 'Please add your name so we can respond.'; then the e-mail's form.
 */
export function conciergeCheck(
  v: Pick<ConciergeValues, 'name' | 'email'>,
  accountEmail?: string,
): { kind: 'ok' } | { kind: 'signIn' } | { kind: 'invalid'; field: 'name' | 'email'; message: string } {
  const email = v.email.trim()
  if (!email && !accountEmail) return { kind: 'signIn' }
  if (!v.name.trim()) return { kind: 'invalid', field: 'name', message: NAME_NEEDED }
  if (email) {
    const { message } = checkEmail(email)
    if (message) return { kind: 'invalid', field: 'email', message }
  }
  return { kind: 'ok' }
}

const trimmed = (s: string | undefined) => s?.trim() || undefined

export function conciergeInput(v: ConciergeValues, source: string): EnquiryInput {
  let cruise: CruiseRequest | undefined
  if (v.cruise) {
    const c: CruiseRequest = {
      destination: trimmed(v.cruise.destination),
      port: trimmed(v.cruise.port),
      dates: trimmed(v.cruise.dates),
      duration: trimmed(v.cruise.duration),
      travellers: trimmed(v.cruise.travellers),
    }
    if (Object.values(c).some(Boolean)) cruise = c
  }
  return {
    kind: 'concierge',
    name: v.name.trim(),
    email: trimmed(v.email),
    phone: trimmed(v.phone),
    destinations: trimmed(v.destinations),
    dates: trimmed(v.dates),
    flexible: v.flexible || undefined,
    budget: trimmed(v.budget),
    travellers: trimmed(v.travellers),
    styles: TRAVEL_STYLES.filter((s) => v.styles.includes(s)),
    notes: trimmed(v.notes),
    source,
    cruise,
  }
}

export function conciergeMail(v: ConciergeValues, source: string): MailDraft {
  return mailDraft('holidays', `Concierge request from ${v.name.trim() || 'a traveller'}`, [
    ['Name', v.name],
    ['E-mail', v.email],
    ['Phone', v.phone],
    ['Destinations', v.destinations],
    ['Dates', v.dates],
    ['Dates flexible', v.flexible ? 'yes' : ''],
    ['Budget', v.budget],
    ['Travellers', v.travellers],
    ['Travel style', TRAVEL_STYLES.filter((s) => v.styles.includes(s)).join(', ')],
    ['Cruise', v.cruise ? cruiseSummary(v.cruise) : ''],
    ['Notes', v.notes],
    ['Found via', source],
  ])
}

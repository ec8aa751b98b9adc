// The flight search as the URL carries it (spec 2.4): what the home panel
// writes, what /flights and /flights/form read, and the API search it becomes.
import type { SearchInput } from '@/lib/api-types'
import { isISODate, todayISO, toDisplayDate } from '@/lib/calendar-date'

export const CABINS = ['any', 'economy', 'premium', 'business', 'first'] as const
export type Cabin = (typeof CABINS)[number]

export const CABIN_LABELS: Record<Cabin, string> = {
  any: 'Any',
  economy: 'Economy',
  premium: 'Premium Economy',
  business: 'Business',
  first: 'First',
}

/** The supplier's cabin codes (spec 7, 9); 'any' sends none, so the connector's default applies. */
export const CABIN_CODES: Record<Exclude<Cabin, 'any'>, 2 | 3 | 4 | 6> = {
  economy: 2,
  premium: 3,
  business: 4,
  first: 6,
}

export const TRAVELLER_LIMITS = {
  adults: { min: 1, max: 9, initial: 1 },
  children: { min: 0, max: 9, initial: 0 },
  infants: { min: 0, max: 9, initial: 0 },
} as const

export type TravellerKind = keyof typeof TRAVELLER_LIMITS
export type Travellers = Record<TravellerKind, number>

/** The most of a kind the counts allow: infants no more than adults (each sits on an adult's lap). */
export function maxOf(kind: TravellerKind, counts: Travellers): number {
  const max = TRAVELLER_LIMITS[kind].max
  return kind === 'infants' ? Math.min(max, counts.adults) : max
}

/** The counts with one kind changed: fewer adults take infants down with them. */
export function withTravellers<T extends Travellers>(counts: T, kind: TravellerKind, count: number): T {
  const next = { ...counts, [kind]: count }
  return { ...next, infants: Math.min(next.infants, next.adults) }
}

export const DEFAULT_FROM = 'BOM'
export const DEFAULT_TO = 'DEL'

export type TripType = 'round' | 'oneway' | 'multi'

export interface Leg {
  from: string
  to: string
  /** YYYY-MM-DD or ''. */
  date: string
}

export interface SearchQuery extends Travellers {
  type: TripType
  from: string
  to: string
  /** YYYY-MM-DD ('' in a form whose date was cleared). */
  date: string
  /** YYYY-MM-DD or '' (one way). */
  returnDate: string
  cabin: Cabin
  /** Upper-cased airline code, or ''. */
  airline: string
  nonstop: boolean
  /** Multi-city legs, in order (empty otherwise). */
  legs: Leg[]
}

/** The most legs a multi-city URL is read for. */
export const MAX_LEGS = 6

function count(params: URLSearchParams, kind: TravellerKind): number {
  const { min, max, initial } = TRAVELLER_LIMITS[kind]
  const raw = params.get(kind)
  if (raw === null || !/^\d+$/.test(raw.trim())) return initial
  return Math.min(max, Math.max(min, Number(raw)))
}

function code(raw: string | null, fallback: string): string {
  const text = (raw ?? '').trim().toUpperCase()
  return text || fallback
}

function date(raw: string | null, fallback: string): string {
  const text = (raw ?? '').trim()
  return isISODate(text) ? text : fallback
}

function cabinOf(raw: string | null): Cabin {
  const text = (raw ?? '').trim().toLowerCase()
  return (CABINS as readonly string[]).includes(text) ? (text as Cabin) : 'any'
}

/**
 * Reads a search from the URL with the defaults of spec 2.13: BOM → DEL,
 * today, 1 adult, any cabin. Counts are clamped to their limits (infants to
 * the adults); codes
 * upper-cased; an unreadable date takes the default.
 */
export function parseSearchQuery(params: URLSearchParams, today = todayISO()): SearchQuery {
  const multi = params.get('type') === 'multi'
  const legs: Leg[] = []
  if (multi) {
    for (let i = 1; i <= MAX_LEGS; i++) {
      const leg = {
        from: code(params.get(`from${i}`), ''),
        to: code(params.get(`to${i}`), ''),
        date: date(params.get(`date${i}`), ''),
      }
      if (leg.from || leg.to || leg.date) legs.push(leg)
    }
  }
  const departure = date(params.get('date'), today)
  const returnDate = multi ? '' : date(params.get('return'), '')
  return {
    type: multi ? 'multi' : returnDate ? 'round' : 'oneway',
    from: code(params.get('from'), DEFAULT_FROM),
    to: code(params.get('to'), DEFAULT_TO),
    date: departure,
    returnDate: returnDate && returnDate >= departure ? returnDate : '',
    adults: count(params, 'adults'),
    children: count(params, 'children'),
    infants: Math.min(count(params, 'infants'), count(params, 'adults')),
    cabin: cabinOf(params.get('cabin')),
    airline: (params.get('airline') ?? '').trim().toUpperCase(),
    nonstop: params.get('nonstop') === 'true',
    legs,
  }
}

/**
 * What the search form holds and submits: the same fields the URL carries,
 * so a query read from the URL can start a form as it is.
 */
export type SearchForm = SearchQuery

/**
 * The query string of spec 2.4, parameters in its order. Round trip and one
 * way: from, to, date, return (round trip, when chosen), adults, children,
 * infants, cabin, airline (when filled), nonstop. Multi-city: type=multi,
 * the counts, cabin, airline, nonstop, then from{i}, to{i}, date{i} for
 * each filled leg field.
 */
export function buildSearchParams(form: SearchForm): URLSearchParams {
  const params = new URLSearchParams()
  const airline = form.airline.trim()
  if (form.type === 'multi') {
    params.set('type', 'multi')
  } else {
    params.set('from', form.from)
    params.set('to', form.to)
    params.set('date', form.date)
    if (form.type === 'round' && form.returnDate) params.set('return', form.returnDate)
  }
  params.set('adults', String(form.adults))
  params.set('children', String(form.children))
  params.set('infants', String(form.infants))
  params.set('cabin', form.cabin)
  if (airline) params.set('airline', airline)
  params.set('nonstop', form.nonstop ? 'true' : 'false')
  if (form.type === 'multi') {
    form.legs.forEach((leg, i) => {
      const n = i + 1
      if (leg.from.trim()) params.set(`from${n}`, leg.from.trim())
      if (leg.to.trim()) params.set(`to${n}`, leg.to.trim())
      if (leg.date) params.set(`date${n}`, leg.date)
    })
  }
  return params
}

/** The API search for one origin, destination and day of a query. */
export function toSearchInput(
  query: Pick<SearchQuery, 'adults' | 'children' | 'infants' | 'cabin' | 'airline' | 'nonstop'>,
  leg: { from: string; to: string; date: string; returnDate?: string },
): SearchInput {
  const input: SearchInput = {
    origin: leg.from,
    destination: leg.to,
    departDate: leg.date,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    sources: ['GDS', 'LCC'],
  }
  if (leg.returnDate) input.returnDate = leg.returnDate
  if (query.cabin !== 'any') input.cabinClass = CABIN_CODES[query.cabin]
  if (query.airline) input.airline = query.airline
  if (query.nonstop) input.nonstop = true
  return input
}

/**
 * The searches a query needs: one for a one-way or round trip (the supplier
 * answers a domestic round trip with an outbound and a return list), one per
 * complete leg for multi-city.
 */
export function searchesOf(query: SearchQuery): SearchInput[] {
  if (query.type !== 'multi') {
    return [toSearchInput(query, { from: query.from, to: query.to, date: query.date, returnDate: query.returnDate })]
  }
  return query.legs.filter((leg) => leg.from && leg.to && leg.date).map((leg) => toSearchInput(query, leg))
}

export function travellerSummary({ adults, children, infants }: Travellers): string {
  const parts = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`]
  if (children) parts.push(`${children} ${children === 1 ? 'child' : 'children'}`)
  if (infants) parts.push(`${infants} ${infants === 1 ? 'infant' : 'infants'}`)
  return parts.join(', ')
}

/** The airports a search goes through: 'BOM → DEL', or 'BOM → DXB → LHR' for multi-city. */
export function searchRoute(query: SearchQuery): string {
  if (query.type !== 'multi') return `${query.from} → ${query.to}`
  const legs = query.legs.filter((l) => l.from && l.to)
  if (legs.length === 0) return ''
  return [legs[0]?.from, ...legs.map((l) => l.to)].join(' → ')
}

/**
 * The results banner's line under the count (spec 2.13): 'BOM → DEL on 09-12-2026 · 1 adult · Any
 * cabin'. It depends on the address alone, so the page's HTML shows it before the app has loaded
 * (src/boot.ts).
 */
export function searchSummary(query: SearchQuery): string {
  const date = query.type === 'multi' ? (query.legs.find((l) => l.date)?.date ?? '') : query.date
  const adults = `${query.adults} ${query.adults === 1 ? 'adult' : 'adults'}`
  const cabin = query.cabin === 'any' ? 'Any cabin' : CABIN_LABELS[query.cabin]
  return (
    searchRoute(query) +
    (date ? ` on ${toDisplayDate(date)}` : '') +
    (query.type === 'round' && query.returnDate ? `, returning ${toDisplayDate(query.returnDate)}` : '') +
    ` · ${adults} · ${cabin}`
  )
}

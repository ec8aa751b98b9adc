import { paths } from '@/config/paths'
import { type CRUISE_DESTINATIONS, type CRUISE_DURATIONS, type CRUISE_PORTS } from '../data/cruises'

type Destination = (typeof CRUISE_DESTINATIONS)[number]
type Port = (typeof CRUISE_PORTS)[number]
type Duration = (typeof CRUISE_DURATIONS)[number]

/** The cruise search (spec 3); '' is "not chosen". */
export interface CruiseSearch {
  destination: Destination | ''
  port: Port | ''
  /** A sailing month, YYYY-MM, or '' for any. */
  month: string
  duration: Duration | ''
  adults: number
  children: number
}

export const TRAVELLER_LIMITS = {
  adults: { min: 1, max: 9 },
  children: { min: 0, max: 9 },
} as const

export const INITIAL_CRUISE_SEARCH: CruiseSearch = {
  destination: '',
  port: '',
  month: '',
  duration: '',
  adults: 2,
  children: 0,
}

/** The required fields not chosen yet, by their labels (spec 5: Going to, Departure port, Duration). */
export function missingCruiseFields(search: CruiseSearch): string[] {
  const missing: string[] = []
  if (!search.destination) missing.push('Going to')
  if (!search.port) missing.push('Departure port')
  if (!search.duration) missing.push('Duration')
  return missing
}

export function canSearchCruises(search: CruiseSearch): boolean {
  return missingCruiseFields(search).length === 0
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`
}

/** "2 adults", "2 adults, 1 child". */
export function travellersText(search: Pick<CruiseSearch, 'adults' | 'children'>): string {
  const adults = plural(search.adults, 'adult', 'adults')
  return search.children > 0 ? `${adults}, ${plural(search.children, 'child', 'children')}` : adults
}

/** "December 2026" for "2026-12". */
export function monthLabel(month: string): string {
  const [year, mm] = month.split('-').map(Number)
  if (!year || !mm) return month
  return new Date(Date.UTC(year, mm - 1, 1)).toLocaleString('en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** The next `count` months from `today` (YYYY-MM-DD), as YYYY-MM, this month first. */
export function upcomingMonths(today: string, count = 12): string[] {
  const [year = 1970, month = 1] = today.split('-').map(Number)
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 + i, 1))
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`
  })
}

/**
 * The concierge hand-off of a search: /go/concierge?from=cruises&to=..&port=..&dates=..&duration=..&pax=..,
 * with only the values that are filled in.
 */
export function cruiseSearchHref(search: CruiseSearch): string {
  const query = new URLSearchParams({ from: 'cruises' })
  if (search.destination) query.set('to', search.destination)
  if (search.port) query.set('port', search.port)
  if (search.month) query.set('dates', search.month)
  if (search.duration) query.set('duration', search.duration)
  if (search.adults + search.children > 0) query.set('pax', travellersText(search))
  return paths.concierge(query)
}

/** A destination card's hand-off: /go/concierge?from=cruises&to={destination title}. */
export function cruiseDestinationHref(title: string): string {
  return paths.concierge({ from: 'cruises', to: title })
}

export const CRUISE_CHAT_HREF = paths.concierge({ from: 'cruises' })

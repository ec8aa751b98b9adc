// Filtering and sorting of flight lists (spec 4, Results filters and Flight
// search). Pure functions over ListFlight: they run on every keystroke over
// lists of thousands, so each pass reads plain fields only, turns the typed
// bounds into paise once, and compares numbers of paise — never rupees as
// floating-point numbers.
import { parsePaise } from '@/lib/money'
import type { ListFlight } from './results'

export const STOPS_OPTIONS = ['any', '0', '1', '2+'] as const
export type StopsFilter = (typeof STOPS_OPTIONS)[number]

export const STOPS_LABELS: Record<StopsFilter, string> = {
  any: 'Any',
  '0': 'Non-stop',
  '1': '1 stop',
  '2+': '2+ stops',
}

export const RESULTS_SORTS = ['cheapest', 'fastest', 'earliest'] as const
export type ResultsSort = (typeof RESULTS_SORTS)[number]

export const RESULTS_SORT_LABELS: Record<ResultsSort, string> = {
  cheapest: 'Cheapest',
  fastest: 'Fastest',
  earliest: 'Earliest',
}

/** The results screen's filters (spec 3, Filter state). */
export interface FilterState {
  stops: StopsFilter
  /** Airline codes or names; a flight matches one by its code or its name, case-insensitively. Empty: every airline. */
  airlines: ReadonlySet<string>
  /** Rupees as typed ('', '4999', '4999.5'); empty means no bound. */
  minPrice: string
  maxPrice: string
  /** cheapest, fastest or earliest; any other value keeps the supplier's order. */
  sort: string
}

export const INITIAL_FILTERS: FilterState = {
  stops: 'any',
  airlines: new Set(),
  minPrice: '',
  maxPrice: '',
  sort: 'cheapest',
}

/** Whether a flight with `stops` stops passes: '2+' means two or more, any other choice an exact count. */
export function stopsMatch(stops: number, filter: StopsFilter): boolean {
  if (filter === 'any') return true
  if (filter === '2+') return stops >= 2
  return stops === Number(filter)
}

/**
 * What a price field keeps of what was typed: digits and one decimal point
 * with at most two digits after it (spec 5: price fields accept numbers only).
 */
export function numericPriceInput(typed: string): string {
  const cleaned = typed.replace(/[^\d.]/g, '')
  const dot = cleaned.indexOf('.')
  if (dot < 0) return cleaned
  return (
    cleaned.slice(0, dot + 1) +
    cleaned
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, 2)
  )
}

/** A typed rupee bound in paise, exactly; null (no bound) when empty or not a price. */
export function priceBoundPaise(typed: string): number | null {
  const text = typed.trim()
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null
  const paise = parsePaise(text.endsWith('.') ? text.slice(0, -1) : text)
  return paise === null ? null : Number(paise)
}

/** Airline codes typed into a free-text box ("6e, ai") as upper-case codes (spec 5). */
export function airlineCodesFrom(typed: string): string[] {
  return typed
    .split(/[,\s]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)
}

/** Codes and names of the airlines in some lists, by code, in name order. */
export function airlinesOf(lists: readonly (readonly ListFlight[])[]): { code: string; name: string }[] {
  const byCode = new Map<string, string>()
  for (const list of lists) {
    for (const f of list) {
      if (!byCode.has(f.airlineCode)) byCode.set(f.airlineCode, f.airlineName || f.airlineCode)
    }
  }
  return [...byCode].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name))
}

function lowerSet(values: Iterable<string>): Set<string> {
  const out = new Set<string>()
  for (const v of values) {
    const t = v.trim().toLowerCase()
    if (t) out.add(t)
  }
  return out
}

interface Criteria {
  stops: (stops: number) => boolean
  /** Lower-cased codes and names; empty: every airline. */
  airlines: Set<string>
  min: number | null
  max: number | null
}

function filterBy(flights: readonly ListFlight[], c: Criteria): ListFlight[] {
  const out: ListFlight[] = []
  const anyAirline = c.airlines.size === 0
  for (const f of flights) {
    if (!c.stops(f.stops)) continue
    if (!anyAirline && !c.airlines.has(f.airlineCode.toLowerCase()) && !c.airlines.has(f.airlineName.toLowerCase())) {
      continue
    }
    if (c.min !== null && !(f.priceSort >= c.min)) continue
    if (c.max !== null && !(f.priceSort <= c.max)) continue
    out.push(f)
  }
  return out
}

const byPrice = (a: ListFlight, b: ListFlight) => a.priceSort - b.priceSort
const byDuration = (a: ListFlight, b: ListFlight) => a.durationMins - b.durationMins
const byDeparture = (a: ListFlight, b: ListFlight) =>
  a.departure < b.departure ? -1 : a.departure > b.departure ? 1 : 0

/**
 * The results screen's order: cheapest = price ascending, fastest = duration
 * ascending, earliest = departure time ascending; any other value keeps the
 * original order. Ties keep the original order (the sort is stable). The
 * input is not changed.
 */
export function sortFlights(flights: readonly ListFlight[], sort: string): ListFlight[] {
  const out = [...flights]
  if (sort === 'cheapest') out.sort(byPrice)
  else if (sort === 'fastest') out.sort(byDuration)
  else if (sort === 'earliest') out.sort(byDeparture)
  return out
}

/** The results screen's rules in the spec's order: stops, airlines, min and max price, then the sort. */
export function applyFilters(flights: readonly ListFlight[], state: FilterState): ListFlight[] {
  const filtered = filterBy(flights, {
    stops: (n) => stopsMatch(n, state.stops),
    airlines: lowerSet(state.airlines),
    min: priceBoundPaise(state.minPrice),
    max: priceBoundPaise(state.maxPrice),
  })
  return sortFlights(filtered, state.sort)
}

// The search view (/flights/form): stop checkboxes and three sort buttons.

export const STOP_BUCKETS = ['0', '1', '2+'] as const
export type StopBucket = (typeof STOP_BUCKETS)[number]

export const STOP_BUCKET_LABELS: Record<StopBucket, string> = {
  '0': 'Non-stop',
  '1': '1 stop',
  '2+': '2+ stops',
}

export const VIEW_SORTS = ['cheapest', 'nonstop', 'preferred'] as const
export type ViewSort = (typeof VIEW_SORTS)[number]

export const VIEW_SORT_LABELS: Record<ViewSort, string> = {
  cheapest: 'Cheapest',
  nonstop: 'Non-stop first',
  preferred: 'You may prefer',
}

export interface ViewFilterState {
  /** The ticked stop counts; none ticked: every count. */
  stops: ReadonlySet<StopBucket>
  airlines: ReadonlySet<string>
  minPrice: string
  maxPrice: string
  sort: ViewSort
}

export const INITIAL_VIEW_FILTERS: ViewFilterState = {
  stops: new Set(),
  airlines: new Set(),
  minPrice: '',
  maxPrice: '',
  sort: 'cheapest',
}

/**
 * The search view's orders (spec 4, Flight search): cheapest = price
 * ascending; non-stop first, then price; 'you may prefer' = earliest
 * departure, then price.
 */
export function sortForView(flights: readonly ListFlight[], sort: ViewSort): ListFlight[] {
  const out = [...flights]
  if (sort === 'cheapest') out.sort(byPrice)
  else if (sort === 'nonstop') out.sort((a, b) => Number(b.nonstop) - Number(a.nonstop) || byPrice(a, b))
  else out.sort((a, b) => byDeparture(a, b) || byPrice(a, b))
  return out
}

export function applyViewFilters(flights: readonly ListFlight[], state: ViewFilterState): ListFlight[] {
  const buckets = [...state.stops]
  const filtered = filterBy(flights, {
    stops: buckets.length === 0 ? () => true : (n) => buckets.some((b) => stopsMatch(n, b)),
    airlines: lowerSet(state.airlines),
    min: priceBoundPaise(state.minPrice),
    max: priceBoundPaise(state.maxPrice),
  })
  return sortForView(filtered, state.sort)
}

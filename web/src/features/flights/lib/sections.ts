// How a search's answers become the lists a screen shows: one for a one-way
// or international round trip, an outbound and a return list for a domestic
// round trip, one per leg for multi-city (spec 2.4, 2.13).
import type { SearchAnswer } from '../hooks/use-flight-search'
import { toDisplayDate } from '@/lib/calendar-date'
import type { ListFlight } from './results'
import type { SearchQuery } from './search-query'

export interface SearchOutcome {
  status: 'pending' | 'error' | 'success'
  data?: SearchAnswer
  error?: Error | null
}

export interface ResultSection {
  key: string
  title: string
  from: string
  to: string
  /** The day this list flies, YYYY-MM-DD. */
  date: string
  status: SearchOutcome['status']
  errorMessage: string
  flights: readonly ListFlight[]
  traceId: string
  searchedAt: number
}

const NONE: readonly ListFlight[] = []

interface Journey {
  from: string
  to: string
  date: string
  title: string
}

/** The journey each search of the query is for, in the order searchesOf runs them. */
function journeysOf(query: SearchQuery): Journey[] {
  if (query.type === 'multi') {
    return query.legs
      .filter((leg) => leg.from && leg.to && leg.date)
      .map((leg, i) => ({
        ...leg,
        title: `Flight ${i + 1}: ${leg.from} → ${leg.to} · ${toDisplayDate(leg.date)}`,
      }))
  }
  const title = query.type === 'round' ? `Departure ${query.from} → ${query.to}` : `${query.from} → ${query.to}`
  return [{ from: query.from, to: query.to, date: query.date, title }]
}

export function sectionsOf(query: SearchQuery, outcomes: readonly SearchOutcome[]): ResultSection[] {
  const sections: ResultSection[] = []
  journeysOf(query).forEach((journey, i) => {
    const outcome = outcomes[i]
    const base = {
      ...journey,
      key: `${i}`,
      status: outcome?.status ?? 'pending',
      errorMessage: outcome?.error?.message ?? '',
      flights: NONE,
      traceId: outcome?.data?.traceId ?? '',
      searchedAt: outcome?.data?.at ?? 0,
    }
    const lists = outcome?.status === 'success' ? (outcome.data?.lists ?? []) : []
    if (lists.length === 0) {
      sections.push(base)
      return
    }
    lists.forEach((flights, j) => {
      if (j === 0) {
        // The pending section's key: the same section, so its status line stays one live region.
        sections.push({ ...base, flights })
      } else if (query.type === 'round') {
        // A domestic round trip: the second list is the way back.
        sections.push({
          ...base,
          key: `${i}.${j}`,
          title: `Return ${query.to} → ${query.from}`,
          from: query.to,
          to: query.from,
          date: query.returnDate,
          flights,
        })
      }
    })
  })
  return sections
}

/** Whether two sections say the same thing: every field equal, the flights the same list. */
export function sameSection(a: ResultSection, b: ResultSection): boolean {
  return (Object.keys(a) as (keyof ResultSection)[]).every((k) => Object.is(a[k], b[k]))
}

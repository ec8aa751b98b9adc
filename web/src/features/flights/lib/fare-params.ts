// Which fare the fare page is about (spec 2.14): the trace id and result
// index from the query (traceId or t, resultIndex or ri), else from what the
// results screen kept in session storage. Both are the supplier's opaque
// strings and are passed on byte for byte; URLSearchParams has already
// decoded them (a '+' the results screen encoded as %2B stays a '+').
import { TRAVELLER_LIMITS, type Travellers } from './search-query'
import { loadSelectedFlight, loadTrace, type SelectedFlight } from './selection'

export const MISSING_PARAMS_MESSAGE = 'Missing traceId or resultIndex. Please go back and select a flight again.'

export interface FareParams {
  traceId: string
  resultIndex: string
  /** When the search session began (ms since the epoch), when known. */
  searchedAt: number | undefined
  /** The chosen flight kept in session storage, for a fresh search. */
  selection: SelectedFlight | undefined
  /** The search's travellers (adults, children, infants), when the link or the selection says. */
  travellers: Travellers | undefined
}

function countParam(query: URLSearchParams, name: keyof Travellers): number | undefined {
  const raw = query.get(name)
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined
  const { min, max } = TRAVELLER_LIMITS[name]
  return Math.min(max, Math.max(min, Number(raw)))
}

/** The counts the fare link carries, else those kept with the chosen flight. */
function travellersOf(query: URLSearchParams, selection: SelectedFlight | undefined): Travellers | undefined {
  const adults = countParam(query, 'adults')
  if (adults === undefined) return selection?.travellers
  return {
    adults,
    children: countParam(query, 'children') ?? 0,
    infants: Math.min(adults, countParam(query, 'infants') ?? 0),
  }
}

function param(query: URLSearchParams, ...names: string[]): string {
  for (const name of names) {
    const value = query.get(name)
    if (value) return value
  }
  return ''
}

/**
 * The fare page's parameters. The search session's start is the stored
 * trace's time when it is the same search, else the time the flight was
 * chosen (a little later than the search, so never too generous by much).
 */
export function readFareParams(query: URLSearchParams): FareParams {
  const trace = loadTrace()
  const selection = loadSelectedFlight()
  const traceId = param(query, 'traceId', 't') || trace?.traceId || selection?.traceId || ''
  const resultIndex = param(query, 'resultIndex', 'ri') || selection?.id || ''
  const searchedAt = trace && trace.traceId === traceId ? trace.at : selection?.at
  const sameFlight = selection?.id === resultIndex ? selection : undefined
  return { traceId, resultIndex, searchedAt, selection, travellers: travellersOf(query, sameFlight) }
}

import { ROUTES } from '@/config/routes'
import { peekEarly, startEarly, takeEarly, takeSettled } from '@/lib/early'
import type { FareQuoteDocument, FareRuleDocument, SearchDocument, SearchInput, TraceInput } from '@/lib/api-types'
import { readFareParams } from '../lib/fare-params'
import { parseSearchQuery, searchesOf } from '../lib/search-query'
import { getFareQuote, getFareRules, searchFlights } from './flights-client'

// The supplier calls a flight page makes as it opens, started by src/boot.ts before the app has
// loaded (src/lib/early.ts).

const searchKey = (input: SearchInput) => `search ${JSON.stringify(input)}`
const quoteKey = ({ traceId, resultIndex }: TraceInput) => `fare-quote ${traceId} ${resultIndex}`
const rulesKey = ({ traceId, resultIndex }: TraceInput) => `fare-rule ${traceId} ${resultIndex}`

/**
 * Starts the calls the page at `url` makes as it opens: the searches of a results page, the quote
 * and rules of a fare page. Called once, by src/boot.ts, before the app has loaded.
 */
export function startEarlyCalls(url: URL) {
  if (url.pathname === ROUTES.flights) {
    for (const input of searchesOf(parseSearchQuery(url.searchParams))) {
      startEarly(searchKey(input), () => searchFlights(input))
    }
  } else if (url.pathname === ROUTES.fare || url.pathname === ROUTES.fareReview) {
    const { traceId, resultIndex } = readFareParams(url.searchParams)
    if (!traceId || !resultIndex) return
    const trace = { traceId, resultIndex }
    startEarly(quoteKey(trace), () => getFareQuote(trace))
    startEarly(rulesKey(trace), () => getFareRules(trace))
  }
}

/** A search: the one src/boot.ts started for it, else a new one. */
export function search(input: SearchInput, signal?: AbortSignal): Promise<SearchDocument> {
  return takeEarly<SearchDocument>(searchKey(input)) ?? searchFlights(input, { signal })
}

/** A fare quote: the one src/boot.ts started for it, else a new one. */
export function fareQuote(input: TraceInput, signal?: AbortSignal): Promise<FareQuoteDocument> {
  return takeEarly<FareQuoteDocument>(quoteKey(input)) ?? getFareQuote(input, { signal })
}

/** Fare rules: those src/boot.ts asked for, else asked anew. */
export function fareRules(input: TraceInput, signal?: AbortSignal): Promise<FareRuleDocument> {
  return takeEarly<FareRuleDocument>(rulesKey(input)) ?? getFareRules(input, { signal })
}

/**
 * The quote src/boot.ts asked for the fare page at `url`, left for the page to take; undefined for
 * another page, or when none was asked.
 */
export function earlyFareQuote(url: URL): Promise<FareQuoteDocument> | undefined {
  if (url.pathname !== ROUTES.fare && url.pathname !== ROUTES.fareReview) return undefined
  const { traceId, resultIndex } = readFareParams(url.searchParams)
  return traceId && resultIndex ? peekEarly<FareQuoteDocument>(quoteKey({ traceId, resultIndex })) : undefined
}

/**
 * The quote src/boot.ts asked for, made into what the page shows by `accept`, if it has come before the
 * page first renders: the page then renders with it at once.
 */
export function settledFareQuote<R>(input: TraceInput, accept: (doc: FareQuoteDocument) => R | undefined) {
  return takeSettled(quoteKey(input), accept)
}

import { ROUTES } from '@/config/routes'
import type { FareQuoteDocument, FareRuleDocument, SearchDocument, SearchInput, TraceInput } from '@/lib/api-types'
import { readFareParams } from '../lib/fare-params'
import { parseSearchQuery, searchesOf } from '../lib/search-query'
import { getFareQuote, getFareRules, searchFlights } from './flights-client'

// The supplier calls a flight page makes as it opens, started by src/boot.ts, the small script that
// runs as the HTML arrives, while the app's and the page's code are still on their way: the answer and the code then come over the network together, where
// before the call waited for the code (and, on the fare page, for the session check). A page takes
// its call once, through the same function it would call itself; a call nobody takes within
// EARLY_FOR_MS is let go, and the page asks afresh.

const EARLY_FOR_MS = 60_000

const early = new Map<string, { answer: Promise<unknown>; at: number }>()

const searchKey = (input: SearchInput) => `search ${JSON.stringify(input)}`
const quoteKey = ({ traceId, resultIndex }: TraceInput) => `fare-quote ${traceId} ${resultIndex}`
const rulesKey = ({ traceId, resultIndex }: TraceInput) => `fare-rule ${traceId} ${resultIndex}`

function start(key: string, call: () => Promise<unknown>) {
  const answer = call()
  // Nobody may take it: a failure is the page's to show when it does, not an unhandled rejection.
  answer.catch(() => undefined)
  early.set(key, { answer, at: Date.now() })
}

function take<T>(key: string): Promise<T> | undefined {
  const call = early.get(key)
  early.delete(key)
  if (!call || Date.now() - call.at > EARLY_FOR_MS) return undefined
  return call.answer as Promise<T>
}

/**
 * Starts the calls the page at `url` makes as it opens: the searches of a results page, the quote
 * and rules of a fare page. Called once, by src/boot.ts, before the app has loaded.
 */
export function startEarlyCalls(url: URL) {
  if (url.pathname === ROUTES.flights) {
    for (const input of searchesOf(parseSearchQuery(url.searchParams))) {
      start(searchKey(input), () => searchFlights(input))
    }
  } else if (url.pathname === ROUTES.fare || url.pathname === ROUTES.fareReview) {
    const { traceId, resultIndex } = readFareParams(url.searchParams)
    if (!traceId || !resultIndex) return
    const trace = { traceId, resultIndex }
    start(quoteKey(trace), () => getFareQuote(trace))
    start(rulesKey(trace), () => getFareRules(trace))
  }
}

/** A search: the one the entry started for it, else a new one. */
export function search(input: SearchInput, signal?: AbortSignal): Promise<SearchDocument> {
  return take<SearchDocument>(searchKey(input)) ?? searchFlights(input, { signal })
}

/** A fare quote: the one the entry started for it, else a new one. */
export function fareQuote(input: TraceInput, signal?: AbortSignal): Promise<FareQuoteDocument> {
  return take<FareQuoteDocument>(quoteKey(input)) ?? getFareQuote(input, { signal })
}

/** Fare rules: those the entry asked for, else asked anew. */
export function fareRules(input: TraceInput, signal?: AbortSignal): Promise<FareRuleDocument> {
  return take<FareRuleDocument>(rulesKey(input)) ?? getFareRules(input, { signal })
}

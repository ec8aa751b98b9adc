import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TraceInput } from '@/lib/api-types'
import { quoteOf, type FareQuote } from '../lib/fare-quote'
import { fareQuote, settledFareQuote } from './early'

export const NO_QUOTE_RESULTS = 'No FareQuote results'

/** The quote's one result; a quote without one fails with 'No FareQuote results' (spec 8). */
export async function fetchFareQuote(input: TraceInput, signal?: AbortSignal): Promise<FareQuote> {
  const quote = quoteOf(await fareQuote(input, signal))
  if (!quote) throw new Error(NO_QUOTE_RESULTS)
  return quote
}

/** A quote is never retried on its own: each is a supplier call, and a failure is shown with its reason. */
export function fareQuoteOptions(input: TraceInput) {
  return queryOptions({
    queryKey: ['flights', 'fare-quote', input.traceId, input.resultIndex] as const,
    queryFn: ({ signal }) => fetchFareQuote(input, signal),
    // The quote src/boot.ts asked for, when it came before the page's first render: the page renders
    // with it at once rather than loading, then rendering again.
    initialData: () => settledFareQuote(input, quoteOf),
    enabled: Boolean(input.traceId && input.resultIndex),
    retry: false,
    staleTime: Infinity,
  })
}

export function useFareQuote(input: TraceInput) {
  return useQuery(fareQuoteOptions(input))
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FareQuoteDocument, FlightResult, TraceInput } from '@/lib/api-types'
import { fareQuote } from './early'

export const NO_QUOTE_RESULTS = 'No FareQuote results'

export interface FareQuote {
  result: FlightResult
  /** The supplier re-priced the fare since the search. */
  priceChanged: boolean
  doc: FareQuoteDocument
}

/** The quote's one result; a quote without one fails with 'No FareQuote results' (spec 8). */
export async function fetchFareQuote(input: TraceInput, signal?: AbortSignal): Promise<FareQuote> {
  const doc = await fareQuote(input, signal)
  const result = doc.Response.Results
  if (!result || typeof result !== 'object' || !result.ResultIndex) throw new Error(NO_QUOTE_RESULTS)
  return { result, priceChanged: Boolean(doc.Response.IsPriceChanged), doc }
}

/** A quote is never retried on its own: each is a supplier call, and a failure is shown with its reason. */
export function fareQuoteOptions(input: TraceInput) {
  return queryOptions({
    queryKey: ['flights', 'fare-quote', input.traceId, input.resultIndex] as const,
    queryFn: ({ signal }) => fetchFareQuote(input, signal),
    enabled: Boolean(input.traceId && input.resultIndex),
    retry: false,
    staleTime: Infinity,
  })
}

export function useFareQuote(input: TraceInput) {
  return useQuery(fareQuoteOptions(input))
}

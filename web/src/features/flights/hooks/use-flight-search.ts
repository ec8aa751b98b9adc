import { useQueries } from '@tanstack/react-query'
import type { SearchInput } from '@/lib/api-types'
import { search } from '../api/early'
import { toSearchResults, type SearchResults } from '../lib/results'
import { saveTrace } from '../lib/selection'

export interface SearchAnswer extends SearchResults {
  /** When the supplier answered, ms since the epoch: its search session lasts 15 minutes from here. */
  at: number
}

export function flightSearchKey(input: SearchInput) {
  return ['flights', 'search', input] as const
}

/** One search; its trace id is kept in session storage for the fare page. */
export async function runSearch(input: SearchInput, signal?: AbortSignal): Promise<SearchAnswer> {
  const doc = await search(input, signal)
  const results = toSearchResults(doc)
  const at = Date.now()
  if (results.traceId) saveTrace(results.traceId, at)
  return { ...results, at }
}

/**
 * Runs the searches a query needs, in parallel, and reruns them whenever one
 * changes (spec 4). Answers are kept for five minutes, well inside the
 * supplier's 15-minute session, so going back to a list does not search again;
 * a failed search is not retried automatically (each costs a supplier call).
 */
export function useFlightSearches(inputs: SearchInput[]) {
  return useQueries({
    queries: inputs.map((input) => ({
      queryKey: flightSearchKey(input),
      queryFn: ({ signal }: { signal: AbortSignal }) => runSearch(input, signal),
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
    })),
  })
}

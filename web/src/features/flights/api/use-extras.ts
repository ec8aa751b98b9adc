import { useQuery } from '@tanstack/react-query'
import type { TraceInput } from '@/lib/api-types'
import { getExtras } from './flights-client'

/**
 * What the fare sells besides itself: seats, meals and baggage. Asked once per result; a failure
 * is no error for the page, which books without extras then.
 */
export function useExtras(input: TraceInput) {
  return useQuery({
    queryKey: ['flights', 'extras', input.traceId, input.resultIndex] as const,
    queryFn: ({ signal }) => getExtras(input, { signal }),
    enabled: Boolean(input.traceId && input.resultIndex),
    retry: false,
    staleTime: Infinity,
  })
}

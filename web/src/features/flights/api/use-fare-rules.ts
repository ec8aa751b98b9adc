import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TraceInput } from '@/lib/api-types'
import { fareRules } from './early'

/** The rules' HTML as the supplier wrote it (FareRules[0].FareRuleDetail), '' when none came. */
export async function fetchFareRules(input: TraceInput, signal?: AbortSignal): Promise<string> {
  const doc = await fareRules(input, signal)
  return doc.Response.FareRules?.[0]?.FareRuleDetail?.trim() ?? ''
}

export function fareRulesOptions(input: TraceInput) {
  return queryOptions({
    queryKey: ['flights', 'fare-rule', input.traceId, input.resultIndex] as const,
    queryFn: ({ signal }) => fetchFareRules(input, signal),
    enabled: Boolean(input.traceId && input.resultIndex),
    retry: false,
    staleTime: Infinity,
  })
}

export function useFareRules(input: TraceInput) {
  return useQuery(fareRulesOptions(input))
}

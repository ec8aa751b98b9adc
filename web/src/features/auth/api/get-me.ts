import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../types'
import { session, settledSession } from './me'

export const meQueryKey = ['auth', 'me'] as const

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: session,
    // Known before the app's first render when src/boot.ts's call has come: the page renders signed in
    // (or out) at once, not after a loading state.
    initialData: () => settledSession()?.user,
    retry: false,
    staleTime: 5 * 60_000,
  })
}

export function useMe() {
  return useQuery(meQueryOptions())
}

/**
 * Records who is signed in (null: nobody) after login, registration or
 * logout. Everything else cached may belong to the previous user, so it is
 * invalidated.
 */
export function setSessionUser(queryClient: QueryClient, user: AuthUser | null): void {
  queryClient.setQueryData(meQueryKey, user)
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey[1] !== meQueryKey[1],
  })
}

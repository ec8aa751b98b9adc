import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../types'
import { authGet } from './auth-client'

export const ME_PATH = '/api/auth/me'

function isAuthUser(value: unknown): value is AuthUser {
  if (!value || typeof value !== 'object') return false
  const { fullName, email } = value as Record<string, unknown>
  return typeof email === 'string' && (fullName === undefined || typeof fullName === 'string')
}

/** The signed-in user, or null. Any failure (network, non-OK, unexpected body) means signed out. */
export async function getMe(): Promise<AuthUser | null> {
  try {
    const body = await authGet<{ user?: unknown } | undefined>(ME_PATH)
    const user = body?.user
    return isAuthUser(user) ? { ...user, fullName: user.fullName ?? '' } : null
  } catch {
    return null
  }
}

export const meQueryKey = ['auth', 'me'] as const

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false, staleTime: 5 * 60_000 })
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

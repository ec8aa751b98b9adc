import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export interface SessionUser {
  fullName: string
  email: string
  phone?: string
}

export const ME_PATH = '/api/auth/me'

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false
  const { fullName, email } = value as Record<string, unknown>
  return typeof email === 'string' && (fullName === undefined || typeof fullName === 'string')
}

/** The signed-in user, or null. Any failure (network, non-OK, unexpected body) means signed out. */
export async function getMe(): Promise<SessionUser | null> {
  try {
    const body = await api.get<{ user?: unknown } | undefined>(ME_PATH)
    const user = body?.user
    return isSessionUser(user) ? { ...user, fullName: user.fullName ?? '' } : null
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

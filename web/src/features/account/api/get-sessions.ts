import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { DeviceSession } from '../types'

export const SESSIONS_PATH = '/api/v1/me/sessions'

export async function getSessions(): Promise<DeviceSession[]> {
  const { items } = await api.get<{ items: DeviceSession[] }>(SESSIONS_PATH)
  return items
}

export const sessionsQueryKey = ['account', 'sessions'] as const

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getSessions, staleTime: 0 })
}

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Profile } from '../types'

export const PROFILE_PATH = '/api/v1/me/profile'

/** The signed-in user's profile; `ts` keeps any cache between here and the server out of the way. */
export async function getProfile(): Promise<Profile> {
  const { profile } = await api.get<{ profile: Profile }>(`${PROFILE_PATH}?ts=${Date.now()}`)
  return profile
}

export const profileQueryKey = ['account', 'profile'] as const

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 0 })
}

export function useProfile() {
  return useQuery(profileQueryOptions())
}

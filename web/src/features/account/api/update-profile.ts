import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Profile } from '../types'
import { PROFILE_PATH, profileQueryKey } from './get-profile'

/** Replaces the whole profile; a 400 names the field at fault (`field`, e.g. `passport.expiry`). */
export async function updateProfile(profile: Profile): Promise<Profile> {
  const body = await api.put<{ profile: Profile }>(PROFILE_PATH, { profile })
  return body.profile
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  })
}

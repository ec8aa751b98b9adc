import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { profileCompletionQueryKey } from './get-profile-completion'

export const PROFILE_SNOOZE_PATH = '/api/v1/me/profile-snooze'

/** "I'll do this later": hides a step from the next-step suggestion for a while. */
export async function snoozeProfileStep(key: string): Promise<void> {
  await api.post<void>(PROFILE_SNOOZE_PATH, { key })
}

/** Snoozes a step, then reloads the progress (also after a failure, which is only logged). */
export function useSnoozeProfileStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: snoozeProfileStep,
    onError: (error) => console.error('Could not snooze the profile step', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileCompletionQueryKey }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ChangePasswordInput } from '@/lib/api-types'
import { sessionsQueryKey } from './get-sessions'

export const PASSWORD_PATH = '/api/v1/me/password'

export type { ChangePasswordInput }

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.put<{ ok: boolean }>(PASSWORD_PATH, input)
}

/** Changes the password; the server signs the user's other devices out, so their list is stale. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { SESSIONS_PATH, sessionsQueryKey } from './get-sessions'

/** Signs another device out; the current one cannot be revoked (400). */
export async function revokeSession(id: string): Promise<void> {
  await api.post<void>(`${SESSIONS_PATH}/${encodeURIComponent(id)}/revoke`)
}

/** Revokes a session, then reloads the list (spec 4). */
export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}

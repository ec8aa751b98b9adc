import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authPost } from './auth-client'
import { meQueryKey, setSessionUser } from './get-me'

export const LOGOUT_PATH = '/api/auth/logout'

export async function logout(): Promise<void> {
  await authPost<void>(LOGOUT_PATH)
}

/** Ends this device's session; on success the session is signed out. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setSessionUser(queryClient, null),
    // The session may or may not have ended: ask the server.
    onError: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

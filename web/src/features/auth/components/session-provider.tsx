import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, type ReactNode } from 'react'
import { ApiError } from '@/lib/api-client'
import { meQueryKey, useMe } from '../api/get-me'
import { SessionContext, type Session } from '../session-context'

/**
 * Provides the session state, fed by `GET /api/auth/me`. A 401 from any other
 * call while signed in means the session ended elsewhere (revoked from another
 * device, or a password change), so the session is checked again.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useMe()
  const queryClient = useQueryClient()

  useEffect(() => {
    const recheck = (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return
      if (!queryClient.getQueryData(meQueryKey)) return
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error)
    })
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error)
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [queryClient])

  const session = useMemo<Session>(() => {
    if (isPending) return { status: 'loading', user: null }
    return data ? { status: 'signedIn', user: data } : { status: 'signedOut', user: null }
  }, [data, isPending])
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

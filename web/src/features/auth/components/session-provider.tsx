import { useMemo, type ReactNode } from 'react'
import { useMe } from '../api/get-me'
import { SessionContext, type Session } from '../session-context'

/** Provides the session state, fed by `GET /api/auth/me`. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useMe()
  const session = useMemo<Session>(() => {
    if (isPending) return { status: 'loading', user: null }
    return data ? { status: 'signedIn', user: data } : { status: 'signedOut', user: null }
  }, [data, isPending])
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

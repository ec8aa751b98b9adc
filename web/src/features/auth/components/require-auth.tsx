import { useEffect, useRef, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageLoading } from '@/components/ui/page-loading'
import { useSession } from '../hooks/use-session'
import { useSignIn } from '../hooks/use-sign-in'

/**
 * Renders its children (or the child routes) only for a signed-in user.
 * While the session is loading, the page's loading shape is shown. A signed-out visitor gets the
 * sign-in dialog on the mobile step, unless a sign-in dialog is already open,
 * and an empty page. The dialog is offered once per visit of the page, so
 * closing it leaves the visitor free to move on instead of reopening at once,
 * and not at all when the user signs out while here (logging out is no reason
 * to ask them to sign in).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession()
  const { isOpen, openSignIn } = useSignIn()
  const location = useLocation()
  const promptedFor = useRef<string | null>(null)
  const previousStatus = useRef(status)

  useEffect(() => {
    const signedOutHere = previousStatus.current === 'signedIn'
    previousStatus.current = status
    if (status !== 'signedOut' || promptedFor.current === location.key) return
    promptedFor.current = location.key
    if (!isOpen && !signedOutHere) openSignIn({ step: 'mobile', from: location.pathname + location.search })
  }, [status, isOpen, openSignIn, location])

  if (status === 'loading') return <PageLoading />
  if (status !== 'signedIn') return null
  return children ?? <Outlet />
}

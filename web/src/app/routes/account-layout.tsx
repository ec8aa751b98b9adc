import { Outlet } from 'react-router'
import { Toaster } from '@/components/ui/toaster'
import { AccountShell } from '@/features/account/components/account-shell'
import { useSession } from '@/features/auth/hooks/use-session'

/**
 * The account area's shell around its pages; only rendered for a signed-in user (RequireAuth).
 * Its pages are the ones that show toasts, so the toast area (and its code) lives here rather
 * than on every page.
 */
export function Component() {
  const { user } = useSession()
  if (!user) return null
  return (
    <AccountShell fullName={user.fullName} email={user.email} accountType={user.accountType}>
      <Outlet />
      <Toaster />
    </AccountShell>
  )
}

import { lazy, Suspense } from 'react'
import { useEver } from '@/hooks/use-ever'
import { useSignIn } from '../hooks/use-sign-in'

const loadSignInDialog = () => import('./sign-in-dialog')
const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })))

/** Fetches the sign-in dialog's code ahead of a likely open (a pointer over or focus on a sign-in button). */
export function preloadSignInDialog(): void {
  void loadSignInDialog()
}

/**
 * Where the sign-in dialog lives. Its code (the forms, their validation, the dialog itself) is
 * fetched when it first opens, not with every page, and stays mounted after that so it can close
 * with its animation and open again at once.
 */
export function SignInDialogSlot() {
  const { state } = useSignIn()
  if (!useEver(state.open)) return null
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  )
}

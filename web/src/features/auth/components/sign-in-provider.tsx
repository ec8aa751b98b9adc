import { useCallback, useMemo, useState, type ReactNode } from 'react'
import {
  initialSignInState,
  SignInContext,
  type SignInController,
  type SignInOptions,
  type SignInState,
  type SignInStep,
} from '../sign-in-context'
import type { AccountType } from '../types'

function currentPath(): string {
  const { pathname, search } = window.location
  return pathname + search
}

/** Holds the sign-in dialog's state; the dialog itself is rendered by the root layout. */
export function SignInProvider({
  children,
  initialState,
}: {
  children: ReactNode
  initialState?: Partial<SignInState>
}) {
  const [state, setState] = useState<SignInState>({ ...initialSignInState, ...initialState })

  const openSignIn = useCallback((options: SignInOptions = {}) => {
    const lockBiz = options.lockBiz ?? false
    setState({
      open: true,
      step: options.step ?? 'mobile',
      accountType: lockBiz ? 'biz' : (options.accountType ?? 'personal'),
      lockBiz,
      from: options.from ?? currentPath(),
    })
  }, [])

  const close = useCallback(() => setState((s) => (s.open ? { ...s, open: false } : s)), [])
  const setStep = useCallback((step: SignInStep) => setState((s) => ({ ...s, step })), [])
  const setAccountType = useCallback(
    (accountType: AccountType) => setState((s) => (s.lockBiz ? s : { ...s, accountType, step: 'mobile' })),
    [],
  )

  const controller = useMemo<SignInController>(
    () => ({ state, isOpen: state.open, openSignIn, close, setStep, setAccountType }),
    [state, openSignIn, close, setStep, setAccountType],
  )
  return <SignInContext.Provider value={controller}>{children}</SignInContext.Provider>
}

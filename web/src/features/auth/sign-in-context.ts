import { createContext } from 'react'
import { paths } from '@/config/paths'
import type { AccountType } from './types'

export type SignInStep = 'mobile' | 'emailLogin' | 'emailRegister'

export interface SignInOptions {
  step?: SignInStep
  accountType?: AccountType
  /** Opened from 'Business': the account type is MyBiz and cannot be switched. */
  lockBiz?: boolean
  /** Path (plus query) to return to after signing in; defaults to the current page. */
  from?: string
}

export interface SignInState {
  open: boolean
  step: SignInStep
  accountType: AccountType
  lockBiz: boolean
  from: string
}

export interface SignInController {
  state: SignInState
  isOpen: boolean
  openSignIn(options?: SignInOptions): void
  close(): void
  setStep(step: SignInStep): void
  /** Switches personal/MyBiz (ignored while locked) and goes back to the mobile step. */
  setAccountType(type: AccountType): void
}

export const initialSignInState: SignInState = {
  open: false,
  step: 'mobile',
  accountType: 'personal',
  lockBiz: false,
  from: paths.home,
}

export const SignInContext = createContext<SignInController | null>(null)

import { createContext } from 'react'
import type { AuthUser } from './types'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'

export interface Session {
  status: SessionStatus
  user: AuthUser | null
}

export const SessionContext = createContext<Session | null>(null)

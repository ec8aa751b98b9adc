import { createContext } from 'react'
import type { SessionUser } from './api/get-me'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'

export interface Session {
  status: SessionStatus
  user: SessionUser | null
}

export const SessionContext = createContext<Session | null>(null)

// Who is signed in, as the API says (GET /api/auth/me), without the query cache: src/boot.ts asks it
// before the app has loaded (startEarlySession), and the app's session query takes that answer.
import { startEarly, takeEarly, takeSettled } from '@/lib/early'
import type { AuthUser } from '../types'
import { authGet } from './auth-client'

const ME_PATH = '/api/auth/me'

function isAuthUser(value: unknown): value is AuthUser {
  if (!value || typeof value !== 'object') return false
  const { fullName, email } = value as Record<string, unknown>
  return typeof email === 'string' && (fullName === undefined || typeof fullName === 'string')
}

/** The signed-in user, or null. Any failure (network, non-OK, unexpected body) means signed out. */
async function getMe(): Promise<AuthUser | null> {
  try {
    const body = await authGet<{ user?: unknown } | undefined>(ME_PATH)
    const user = body?.user
    return isAuthUser(user) ? { ...user, fullName: user.fullName ?? '' } : null
  } catch {
    return null
  }
}

const EARLY_KEY = 'auth me'

/** Asks who is signed in for the app's first render. Called once, by src/boot.ts, on every page. */
export function startEarlySession(): void {
  startEarly(EARLY_KEY, getMe)
}

/** Who is signed in: the answer src/boot.ts asked for, else asked anew. */
export function session(): Promise<AuthUser | null> {
  return takeEarly<AuthUser | null>(EARLY_KEY) ?? getMe()
}

/** The early answer if it has come (null: nobody is signed in), taken; undefined while it has not. */
export function settledSession(): { user: AuthUser | null } | undefined {
  return takeSettled(EARLY_KEY, (user: AuthUser | null) => ({ user }))
}

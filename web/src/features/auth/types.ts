export type AccountType = 'personal' | 'biz'

/**
 * The account as the auth calls return it (`{user}` from /api/auth/me, login
 * and registration). Mirrors the API's UserJSON.
 */
export interface AuthUser {
  _id: string
  fullName: string
  email: string
  phone?: string
  accountType: AccountType
  emailVerified: boolean
  /** ISO timestamp. */
  createdAt: string
}

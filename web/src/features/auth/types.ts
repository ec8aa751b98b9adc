// The auth calls' wire types, generated from the API's Go types (internal/auth).
export type { AccountType, AuthUser } from '@/lib/wire.gen'

// The auth calls' wire types, generated from the API's contract (api/openapi.yaml).
export type { AccountType, AuthUser } from '@/lib/api-types'

// The account area's wire types: generated from the API's contract
// (api/openapi.yaml: the account, sessions and bookings routes).
// Dates are YYYY-MM-DD or ''.
export type {
  Booking,
  Company,
  CompletionBand,
  CompletionItem,
  CoTraveller,
  DeviceSession,
  NextStep,
  Profile,
  ProfileCompletion,
} from '@/lib/api-types'

// The account area's wire types: generated from the API's Go types
// (internal/account, internal/auth sessions, internal/flights bookings).
// Dates are YYYY-MM-DD or ''.
export type {
  Booking,
  CompletionBand,
  CompletionItem,
  CoTraveller,
  DeviceSession,
  NextStep,
  Profile,
  ProfileCompletion,
} from '@/lib/wire.gen'

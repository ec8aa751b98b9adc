// The account area's wire types: generated from the API's contract
// (api/openapi.yaml: the account, sessions, bookings and payments routes).
// Dates are YYYY-MM-DD or ''.
export type {
  Booking,
  Company,
  CompletionBand,
  CompletionItem,
  CoTraveller,
  DeviceSession,
  MyPayments,
  NextStep,
  PaymentWithTrip,
  Profile,
  ProfileCompletion,
  Refund,
} from '@/lib/api-types'

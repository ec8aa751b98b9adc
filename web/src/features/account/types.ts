// The account area's wire types: generated from the API's contract
// (api/openapi.yaml: the account, sessions and bookings routes).
// Dates are YYYY-MM-DD or ''.
export type {
  Booking,
  CompletionBand,
  CompletionItem,
  CoTraveller,
  DeviceSession,
  EmergencyContact,
  FrequentFlyer,
  Gender,
  MaritalStatus,
  NextStep,
  Passport,
  Preferences,
  Profile,
  ProfileCompletion,
  TravelInsurancePlan,
  TripProtectionPlan,
} from '@/lib/api-types'

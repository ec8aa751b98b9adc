// The API's wire types as the test handlers speak them. They come from the
// API contract (api/openapi.yaml, generated into api.gen.ts) in one place, so a change of source is a change here only.
export type {
  AuthUser,
  BookInput,
  Booking,
  BookingDetailsDocument,
  BookingOutcome,
  ChangePasswordInput,
  CoTraveller,
  DeviceSession,
  ErrorBody,
  FareQuoteDocument,
  FareRuleDocument,
  FlightResult,
  Profile,
  ProfileCompletion,
  RegisterBody,
  SearchDocument,
  SearchInput,
  TicketInput,
  TraceInput,
  UserResponse,
} from '@/lib/api-types'

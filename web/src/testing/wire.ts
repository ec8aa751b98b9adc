// The API's wire types as the test handlers speak them. They come from the
// generated file in one place, so a change of source is a change here only.
export type {
  AuthUser,
  Booking,
  ChangePasswordInput,
  CoTraveller,
  DeviceSession,
  ErrorBody,
  Profile,
  ProfileCompletion,
  RegisterBody,
  UserResponse,
} from '@/lib/wire.gen'

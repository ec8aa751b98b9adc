import { ApiError } from '@/lib/api-client'

export const LOGIN_FAILED = 'Login failed. Please check your credentials.'
export const REGISTRATION_FAILED = 'Registration failed. Please try again.'

/** The server's word on a failed sign-in or registration, else the form's general message. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message.trim() ? error.message : fallback
}

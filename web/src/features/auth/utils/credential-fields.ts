import { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from '@/config/constants'

/** Required, trimmed, and shaped like an e-mail address. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'Please enter your e-mail address.')
  .pipe(z.email('Please enter a valid e-mail address.'))

/** Required and at least PASSWORD_MIN_LENGTH characters (counted as the server counts them, by code point). */
export const passwordField = z
  .string()
  .min(1, 'Please enter your password.')
  .refine((value) => value === '' || [...value].length >= PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  })

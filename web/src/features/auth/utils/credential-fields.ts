import { z } from '@/lib/zod'
import { checkEmail, checkFullName, checkPassword } from '@/lib/validation'

/** Adds the rule's message, when it has one, as the field's error. */
const byRule = (rule: (value: string) => string) => (value: string, ctx: z.core.$RefinementCtx<string>) => {
  const message = rule(value)
  if (message) ctx.addIssue({ code: 'custom', message })
}

/** Required, trimmed, and an e-mail address by the API's rule. */
export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Please enter your e-mail address.'),
    z.superRefine(byRule((value) => checkEmail(value).message)),
  )

/** Required and as long as the API's password rule asks (counted as the server counts). */
export const passwordField = z
  .string()
  .check(
    z.minLength(1, 'Please enter your password.'),
    z.superRefine(byRule((value) => (value === '' ? '' : checkPassword(value)))),
  )

/** The name an account is registered with, trimmed, by the API's rule. */
export const fullNameField = z.string().check(z.trim(), z.superRefine(byRule((value) => checkFullName(value).message)))

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from '@/lib/zod'
import type { AccountType, AuthUser } from '../types'
import type { RegisterBody } from '@/lib/api-types'
import { authPost, type UserResponse } from './auth-client'
import { setSessionUser } from './get-me'
import { emailField, fullNameField, passwordField } from '../utils/credential-fields'

export const REGISTER_PATH = '/api/auth/register'

export const registerInputSchema = z.object({
  fullName: fullNameField,
  phone: z.string().check(z.trim()),
  email: emailField,
  password: passwordField,
})

export type RegisterInput = Omit<z.input<typeof registerInputSchema>, 'phone'> & {
  phone?: string
  accountType?: AccountType
}

/** The registration payload: e-mail, full name and phone trimmed, an empty phone left out (spec 5). */
export function registerBody(input: RegisterInput): RegisterBody {
  const body: RegisterBody = {
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    password: input.password,
  }
  const phone = input.phone?.trim()
  if (phone) body.phone = phone
  if (input.accountType) body.accountType = input.accountType
  return body
}

export async function register(input: RegisterInput): Promise<AuthUser> {
  const { user } = await authPost<UserResponse>(REGISTER_PATH, registerBody(input))
  return user
}

/** Creates an account (which also signs it in); on success the session holds the user. */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}

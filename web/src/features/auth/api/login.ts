import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from '@/lib/zod'
import type { AuthUser } from '../types'
import { authPost, type UserResponse } from './auth-client'
import { setSessionUser } from './get-me'
import { emailField, passwordField } from '../utils/credential-fields'

export const LOGIN_PATH = '/api/auth/login'

export const loginInputSchema = z.object({
  email: emailField,
  password: passwordField,
})

export type LoginInput = z.input<typeof loginInputSchema>

/** The login payload: the e-mail trimmed, the password as typed. */
export function loginBody(input: LoginInput): { email: string; password: string } {
  return { email: input.email.trim(), password: input.password }
}

export async function login(input: LoginInput): Promise<AuthUser> {
  const { user } = await authPost<UserResponse>(LOGIN_PATH, loginBody(input))
  return user
}

/** Signs in with e-mail and password; on success the session holds the user. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}

import { Button } from '@chakra-ui/react/button'
import { Input } from '@chakra-ui/react/input'
import { Stack } from '@chakra-ui/react/stack'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ErrorBanner } from '@/components/ui/error-banner'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { loginInputSchema, useLogin } from '../api/login'
import type { AuthUser } from '../types'
import { failureMessage, LOGIN_FAILED } from '../utils/failure-message'

interface LoginFormProps {
  /** Called once the session holds the signed-in user. */
  onSuccess(user: AuthUser): void
  /** A message for the banner from the start, e.g. why a Google sign-in did not complete. */
  initialError?: string
}

/** E-mail sign-in, shared by the sign-in dialog and the /auth/login page. */
export function LoginForm({ onSuccess, initialError = '' }: LoginFormProps) {
  const login = useLogin()
  const [failure, setFailure] = useState(initialError)
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginInputSchema), defaultValues: { email: '', password: '' } })

  const submit = handleSubmit(async (values) => {
    setFailure('')
    let user: AuthUser
    try {
      user = await login.mutateAsync(values)
    } catch (error) {
      setFailure(failureMessage(error, LOGIN_FAILED))
      setFocus('password')
      return
    }
    onSuccess(user)
  })

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={submit} aria-label="Sign in with e-mail">
        {failure ? <ErrorBanner message={failure} /> : null}
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Password" required error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <Button type="submit" colorPalette="terracotta" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </Stack>
  )
}

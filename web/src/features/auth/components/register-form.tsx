import { Button } from '@chakra-ui/react/button'
import { Input } from '@chakra-ui/react/input'
import { Stack } from '@chakra-ui/react/stack'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ErrorBanner } from '@/components/ui/error-banner'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { ApiError } from '@/lib/api-client'
import { registerInputSchema, useRegister } from '../api/register'
import type { AccountType, AuthUser } from '../types'
import { failureMessage, REGISTRATION_FAILED } from '../utils/failure-message'

const FIELDS = ['fullName', 'phone', 'email', 'password'] as const
type FieldName = (typeof FIELDS)[number]

function isFieldName(value: unknown): value is FieldName {
  return FIELDS.includes(value as FieldName)
}

interface RegisterFormProps {
  /** Called once the new account is signed in. */
  onSuccess(user: AuthUser): void
  /** Sent with the registration; the server's default (personal) applies when left out. */
  accountType?: AccountType
}

/** E-mail registration, shared by the sign-in dialog and the /auth/register page. */
export function RegisterForm({ onSuccess, accountType }: RegisterFormProps) {
  const registration = useRegister()
  const [failure, setFailure] = useState('')
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { fullName: '', phone: '', email: '', password: '' },
  })

  const submit = handleSubmit(async (values) => {
    setFailure('')
    let user: AuthUser
    try {
      user = await registration.mutateAsync({ ...values, accountType })
    } catch (error) {
      setFailure(failureMessage(error, REGISTRATION_FAILED))
      // The server names the input it refused (e.g. an e-mail already taken): take the user there.
      const field = error instanceof ApiError ? (error.body as { field?: unknown } | undefined)?.field : undefined
      if (isFieldName(field)) setFocus(field)
      return
    }
    onSuccess(user)
  })

  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={submit} aria-label="Create your account">
        {failure ? <ErrorBanner message={failure} /> : null}
        <FormField label="Full name" required error={errors.fullName?.message}>
          <Input autoComplete="name" {...register('fullName')} />
        </FormField>
        <FormField label="Phone" helperText="Optional" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+91XXXXXXXXXX" {...register('phone')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Password" required error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <Button type="submit" colorPalette="terracotta" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
    </Stack>
  )
}

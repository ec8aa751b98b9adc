import { Alert } from '@chakra-ui/react/alert'
import { Button } from '@chakra-ui/react/button'
import { Stack } from '@chakra-ui/react/stack'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { PageHeading } from '@/components/ui/page-heading'
import { PasswordInput } from '@/components/ui/password-input'
import { useChangePassword, type ChangePasswordInput } from '../api/change-password'

export const PASSWORD_UPDATED = 'Password updated'
export const PASSWORD_UPDATE_FAILED = 'Failed to update password'
export const NEW_PASSWORD_HINT = 'New password (min 8)'

type Outcome = { ok: true } | { ok: false; detail: string }

/**
 * Reset Password: the old password and a new one. The only rule is the hint
 * (product spec 5); the server has the last word.
 */
export function ResetPasswordPage() {
  const change = useChangePassword()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<ChangePasswordInput>({ defaultValues: { oldPassword: '', newPassword: '' } })

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await change.mutateAsync(values)
    } catch (error) {
      setOutcome({ ok: false, detail: error instanceof Error ? error.message : '' })
      return
    }
    reset()
    setOutcome({ ok: true })
  })

  return (
    <Stack gap="6" maxW="md">
      <PageHeading title="Reset Password" />
      {outcome ? (
        <Alert.Root status={outcome.ok ? 'success' : 'error'} variant="subtle" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.ok ? PASSWORD_UPDATED : PASSWORD_UPDATE_FAILED}</Alert.Title>
            {outcome.ok || outcome.detail ? (
              <Alert.Description>
                {outcome.ok ? 'Your other devices have been signed out.' : outcome.detail}
              </Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Stack asChild gap="4">
        <form noValidate onSubmit={submit} aria-label="Reset password">
          <FormField label="Old password">
            <PasswordInput autoComplete="current-password" {...register('oldPassword')} />
          </FormField>
          <FormField label="New password">
            <PasswordInput autoComplete="new-password" placeholder={NEW_PASSWORD_HINT} {...register('newPassword')} />
          </FormField>
          <Button type="submit" colorPalette="terracotta" alignSelf="flex-start" loading={isSubmitting}>
            Update password
          </Button>
        </form>
      </Stack>
    </Stack>
  )
}

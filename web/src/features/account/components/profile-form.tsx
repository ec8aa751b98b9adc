import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Heading } from '@chakra-ui/react/heading'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useForm, type UseFormRegister } from 'react-hook-form'
import { ErrorBanner } from '@/components/ui/error-banner'
import { FormField } from '@/components/ui/form-field'
import { PROFILE_RELOAD_DELAY_MS } from '@/config/constants'
import { ApiError } from '@/lib/api-client'
import { reloadPage } from '@/lib/reload-page'
import { useUpdateProfile } from '../api/update-profile'
import type { Profile } from '../types'
import { isProfileFieldName, PROFILE_SECTIONS, toProfileForm, type ProfileField } from '../utils/profile-fields'
import { fieldError } from '../utils/field-error'
import { useEver } from '@/hooks/use-ever'
import type { ProfileSavePhase } from './profile-save-dialog'

// The saving dialog's code (Chakra's dialog) is fetched once the traveller
// starts editing, not with the page.
const loadSaveDialog = () => import('./profile-save-dialog')
const ProfileSaveDialog = lazy(() => loadSaveDialog().then((m) => ({ default: m.ProfileSaveDialog })))

function FieldInput({ field, register }: { field: ProfileField; register: UseFormRegister<Profile> }) {
  if (field.options) {
    return (
      <NativeSelect.Root>
        <NativeSelect.Field {...register(field.name)}>
          <option value="">Select</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    )
  }
  if (field.date) {
    return (
      <Input
        placeholder="YYYY-MM-DD"
        inputMode="numeric"
        maxLength={10}
        autoComplete={field.autoComplete ?? 'off'}
        {...register(field.name)}
      />
    )
  }
  return (
    <Input
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete}
      placeholder={field.placeholder}
      autoCapitalize={field.upperCase ? 'characters' : undefined}
      {...register(field.name)}
    />
  )
}

/**
 * The profile in five sections, saved as a whole. Saving shows a modal
 * ('Saving your profile…', then 'Your Profile has been updated.') and reloads
 * the page 900 ms later (product spec 4). A field the server rejects shows
 * its message next to that field.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile()
  const [phase, setPhase] = useState<ProfileSavePhase>('idle')
  const [failure, setFailure] = useState('')
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<Profile>({ defaultValues: toProfileForm(profile) })
  const dialogMounted = useEver(phase !== 'idle')
  useEffect(() => {
    if (isDirty) void loadSaveDialog()
  }, [isDirty])

  useEffect(() => {
    if (phase !== 'saved') return undefined
    const timer = window.setTimeout(reloadPage, PROFILE_RELOAD_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [phase])

  const submit = handleSubmit(async (values) => {
    setFailure('')
    setPhase('saving')
    try {
      await update.mutateAsync(toProfileForm(values))
    } catch (error) {
      console.error('Could not save the profile', error)
      setPhase('idle')
      const field = error instanceof ApiError ? error.field : undefined
      if (error instanceof ApiError && error.status === 400 && isProfileFieldName(field)) {
        setError(field, { type: 'server', message: error.message })
        setFocus(field)
      } else {
        setFailure(error instanceof Error && error.message ? error.message : 'Something went wrong.')
      }
      return
    }
    setPhase('saved')
  })

  return (
    <Stack asChild gap="6">
      <form noValidate onSubmit={submit} aria-label="Profile">
        {PROFILE_SECTIONS.map((section) => (
          <Card.Root
            key={section.id}
            id={section.id}
            as="section"
            aria-labelledby={`${section.id}-heading`}
            variant="outline"
            bg="bg.card"
            scrollMarginTop="24"
          >
            <Card.Body gap="4">
              <Heading as="h2" id={`${section.id}-heading`} size="md" color="brand.fg">
                {section.title}
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {section.fields.map((field) => (
                  <FormField key={field.name} label={field.label} error={fieldError(errors, field.name)}>
                    <FieldInput field={field} register={register} />
                  </FormField>
                ))}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        ))}

        <Box
          position="sticky"
          bottom="0"
          py="3"
          bg="bg.canvas"
          borderTopWidth="1px"
          borderColor="border.muted"
          zIndex="docked"
        >
          <Stack gap="3">
            {failure ? <ErrorBanner message={failure} /> : null}
            <Button type="submit" colorPalette="terracotta" alignSelf="flex-start" disabled={phase !== 'idle'}>
              Save
            </Button>
          </Stack>
        </Box>
        {dialogMounted ? (
          <Suspense fallback={null}>
            <ProfileSaveDialog phase={phase} />
          </Suspense>
        ) : null}
      </form>
    </Stack>
  )
}

import { Alert } from '@chakra-ui/react/alert'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Stack } from '@chakra-ui/react/stack'
import { useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { useProfile } from '../api/get-profile'
import { ProfileCompletionCard } from './profile-completion-card'
import { ProfileForm } from './profile-form'

export const EMAIL_VERIFIED = 'Your e-mail address is verified.'
export const EMAIL_NOT_VERIFIED = 'This verification link is invalid or has expired.'

/** The outcome of an e-mail verification link, which lands here with ?emailVerified=1 (or 0). */
function useEmailVerifiedNotice(): '1' | '0' | null {
  const [params, setParams] = useSearchParams()
  const [outcome] = useState<'1' | '0' | null>(() => {
    const value = params.get('emailVerified')
    return value === '1' || value === '0' ? value : null
  })
  useEffect(() => {
    // Read once; a later reload (after saving) should not announce it again.
    if (!params.has('emailVerified')) return
    setParams(
      (next) => {
        next.delete('emailVerified')
        return next
      },
      { replace: true },
    )
  }, [params, setParams])
  return outcome
}

/**
 * Scrolls to the section named by the address's hash (#documents …) once the
 * form is there, and again whenever a link points at it. This runs after the
 * layout's scroll-to-top, which uses a layout effect.
 */
function useScrollToSection(ready: boolean) {
  const { hash, key } = useLocation()
  useEffect(() => {
    if (!ready || hash.length < 2) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' })
  }, [ready, hash, key])
}

interface ProfilePageProps {
  /** Opens the mobile OTP dialog for the completion card's 'action:openOtp' step. */
  onOpenOtp: () => void
}

/** My Profile: the completion card and the profile form (product spec 2.16). */
export function ProfilePage({ onOpenOtp }: ProfilePageProps) {
  const profile = useProfile()
  const verified = useEmailVerifiedNotice()
  useScrollToSection(profile.isSuccess)

  return (
    <Stack gap="6">
      <PageHeading title="My Profile" />
      {verified ? (
        <Alert.Root status={verified === '1' ? 'success' : 'error'} variant="subtle" role="status">
          <Alert.Indicator />
          <Alert.Title>{verified === '1' ? EMAIL_VERIFIED : EMAIL_NOT_VERIFIED}</Alert.Title>
        </Alert.Root>
      ) : null}
      <ProfileCompletionCard onOpenOtp={onOpenOtp} />
      {profile.isPending ? <Skeleton height="64" /> : null}
      {profile.isError ? <ErrorBanner message={profile.error.message} /> : null}
      {profile.isSuccess ? <ProfileForm profile={profile.data} /> : null}
    </Stack>
  )
}

import { useMemo } from 'react'
import { useProfile } from '@/features/account/api/get-profile'
import { useSession } from '@/features/auth/hooks/use-session'
import { FarePage } from '@/features/flights/components/fare/fare-page'
import type { PassengerPrefill } from '@/features/flights/lib/passenger'

/**
 * /flights/fare and /flights/review (inside RequireAuth): the fare page with
 * its passenger form filled from the signed-in account and its profile. A
 * profile that cannot be read leaves the account's details only.
 */
export function Component() {
  const { user } = useSession()
  const profile = useProfile()
  const prefill = useMemo<PassengerPrefill | undefined>(() => {
    if (profile.isPending) return undefined
    const p = profile.data
    return {
      fullName: user?.fullName,
      email: user?.email,
      phone: user?.phone,
      firstName: p?.firstName,
      lastName: p?.lastName,
      gender: p?.gender,
      dob: p?.dob,
      city: p?.city,
      country: p?.country,
      postalCode: p?.postalCode,
      nationality: p?.nationality,
      passport: p?.passport,
    }
  }, [user, profile.isPending, profile.data])
  return <FarePage prefill={prefill} />
}

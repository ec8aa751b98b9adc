import { useQueryClient } from '@tanstack/react-query'
import { memo, useCallback, useDeferredValue, useMemo } from 'react'
import { createCoTraveller } from '@/features/account/api/create-co-traveller'
import { coTravellersQueryKey, useCoTravellers } from '@/features/account/api/get-co-travellers'
import { useCompany } from '@/features/account/api/get-company'
import { useProfile } from '@/features/account/api/get-profile'
import type { CoTraveller } from '@/features/account/types'
import { useSession } from '@/features/auth/hooks/use-session'
import { FarePage } from '@/features/flights/components/fare/fare-page'
import type { CompanyDetails, NewCoTraveller, PassengerPrefill, SavedTraveller } from '@/features/flights/lib/passenger'

/**
 * A MyBiz account's company (GST details for the invoice); null for any
 * other account, for one with no company saved, or when it cannot be read;
 * undefined while it loads.
 */
function useCompanyDetails(business: boolean): CompanyDetails | null | undefined {
  const company = useCompany({ business })
  if (!business) return null
  if (company.isPending) return undefined
  const c = company.data
  return c?.gstin ? c : null
}

function savedTraveller(c: CoTraveller): SavedTraveller | undefined {
  if (!c._id) return undefined
  return {
    id: c._id,
    firstName: c.firstName,
    lastName: c.lastName,
    relationship: c.relationship,
    gender: c.gender,
    dob: c.dob,
    nationality: c.nationality,
    mealPreference: c.mealPreference,
    passport: {
      number: c.passport.number ?? '',
      expiry: c.passport.expiry ?? '',
      issuingCountry: c.passport.issuingCountry ?? '',
    },
    frequentFlyer: { airline: c.frequentFlyer.airline, number: c.frequentFlyer.number },
  }
}

/** Renders again only when what it is given changes, not with every render of the route around it. */
const QuotedFarePage = memo(FarePage)

/**
 * /flights/fare and /flights/review (inside RequireAuth): the fare page with
 * its travellers' forms filled from the signed-in account, its profile and
 * its co-travellers, and a MyBiz account's company for GST. A profile that
 * cannot be read leaves the account's details only.
 */
export function Component() {
  const { user } = useSession()
  const profile = useProfile()
  const coTravellers = useCoTravellers()
  const company = useCompanyDetails(user?.accountType === 'biz')
  const queryClient = useQueryClient()
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
      pan: p?.pan,
      passport: p?.passport,
    }
  }, [user, profile.isPending, profile.data])
  const saved = useMemo(() => (coTravellers.data ?? []).flatMap((c) => savedTraveller(c) ?? []), [coTravellers.data])
  const saveCoTraveller = useCallback(
    async (person: NewCoTraveller) => {
      const created = await createCoTraveller({ ...person, trainBerthPreference: '', phone: '', email: '' })
      void queryClient.invalidateQueries({ queryKey: coTravellersQueryKey })
      return created
    },
    [queryClient],
  )
  // The account's details come in after the page has rendered, and the booking form waits for them
  // (it is the page's heaviest render). A query's answer is a store update, which React renders at
  // once and in one piece, whatever the priority: on a slow phone the form came in one task of about
  // half a second. Deferred, the route renders again with the details it had (the page, memoised, is
  // left as it is), then the page renders with the new ones as a transition, in slices.
  const deferredPrefill = useDeferredValue(prefill)
  const deferredCoTravellers = useDeferredValue(coTravellers.isPending ? undefined : saved)
  const deferredCompany = useDeferredValue(company)
  return (
    <QuotedFarePage
      prefill={deferredPrefill}
      coTravellers={deferredCoTravellers}
      company={deferredCompany}
      saveCoTraveller={saveCoTraveller}
    />
  )
}

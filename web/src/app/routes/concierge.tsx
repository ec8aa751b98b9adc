import { useMemo } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useSession } from '@/features/auth/hooks/use-session'
import { useSignIn } from '@/features/auth/hooks/use-sign-in'
import { ConciergePage } from '@/features/concierge/components/concierge-page'
import { ConciergeForm } from '@/features/enquiries/components/concierge-form'
import { conciergePrefill } from '@/features/enquiries/lib/concierge'

/**
 * /go/concierge: the lead form, prefilled from the hand-off in the address
 * (a blog post, the home page's cards, the cruise search) and from the
 * signed-in account; a request without an e-mail opens sign-in.
 */
export function Component() {
  const [params] = useSearchParams()
  const location = useLocation()
  const { user } = useSession()
  const { openSignIn } = useSignIn()
  const search = params.toString()
  const prefill = useMemo(() => conciergePrefill(new URLSearchParams(search)), [search])
  return (
    <ConciergePage
      form={
        <ConciergeForm
          key={search}
          prefill={prefill}
          user={user}
          onSignIn={() => openSignIn({ step: 'mobile', from: location.pathname + location.search })}
        />
      }
    />
  )
}

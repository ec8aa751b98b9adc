import { paths } from '@/config/paths'
import { useSession } from '@/features/auth/hooks/use-session'
import { useSignIn } from '@/features/auth/hooks/use-sign-in'
import { OffersPage } from '@/features/offers/components/offers-page'

export function Component() {
  const { status } = useSession()
  const { openSignIn } = useSignIn()
  return (
    <OffersPage
      onBusinessSignIn={
        status === 'signedOut' ? () => openSignIn({ accountType: 'biz', lockBiz: true, from: paths.offers }) : undefined
      }
    />
  )
}

import { useCallback } from 'react'
import { useLocation } from 'react-router'
import { DEFAULT_VISA_RETURN_PATH } from '@/config/constants'
import { getRuntimeConfig } from '@/config/runtime'
import { useSignIn } from '@/features/auth/hooks/use-sign-in'
import { VisaPage } from '@/features/sso/components/visa-page'

/** /go/visa and /go-for-visa: the partner lands on its visa page with this page's query. */
export function Component() {
  const location = useLocation()
  const { openSignIn } = useSignIn()
  const from = location.pathname + location.search
  const open = useCallback(() => openSignIn({ step: 'mobile', from }), [openSignIn, from])
  return (
    <VisaPage
      returnPath={DEFAULT_VISA_RETURN_PATH + location.search}
      partnerOrigin={getRuntimeConfig().visaPartnerOrigin}
      openSignIn={open}
    />
  )
}

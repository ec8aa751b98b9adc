import { lazy, Suspense, useCallback, useState } from 'react'
import { useEver } from '@/hooks/use-ever'
import { ProfilePage } from '@/features/account/components/profile-page'

// The OTP dialog (a dialog, the phone number form and its schema) is fetched
// when its step is chosen, not with the page.
const MobileOtpDialog = lazy(() =>
  import('@/features/auth/components/mobile-otp-dialog').then((m) => ({ default: m.MobileOtpDialog })),
)

/** My Profile, with the mobile OTP dialog that its 'Verify mobile' step opens. */
export function Component() {
  const [otpOpen, setOtpOpen] = useState(false)
  const openOtp = useCallback(() => setOtpOpen(true), [])
  const otpMounted = useEver(otpOpen)
  return (
    <>
      <ProfilePage onOpenOtp={openOtp} />
      {otpMounted ? (
        <Suspense fallback={null}>
          <MobileOtpDialog open={otpOpen} onOpenChange={setOtpOpen} />
        </Suspense>
      ) : null}
    </>
  )
}

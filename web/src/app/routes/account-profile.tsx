import { useCallback, useState } from 'react'
import { ProfilePage } from '@/features/account/components/profile-page'
import { MobileOtpDialog } from '@/features/auth/components/mobile-otp-dialog'

/** My Profile, with the mobile OTP dialog that its 'Verify mobile' step opens. */
export function Component() {
  const [otpOpen, setOtpOpen] = useState(false)
  const openOtp = useCallback(() => setOtpOpen(true), [])
  return (
    <>
      <ProfilePage onOpenOtp={openOtp} />
      <MobileOtpDialog open={otpOpen} onOpenChange={setOtpOpen} />
    </>
  )
}

import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { hasToaster, toaster } from '@/components/ui/toaster'
import { ALERT_FALLBACK_DELAY_MS } from '@/config/constants'
import { useStartEmailVerification } from '../api/start-email-verification'

export const VERIFICATION_SENT = 'Verification email sent.'
export const VERIFICATION_FAILED = 'Could not send verification email.'
export const VERIFICATION_FAILED_ALERT = 'Could not send verification email. Please try again.'

/** A same-site path: one leading "/" and no backslash ("//host" and "/\host" lead elsewhere). */
function isAppPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.includes('\\')
}

/**
 * Follows a next step's target (product spec 4): 'action:openOtp' opens the
 * mobile OTP dialog, 'action:sendEmailVerification' e-mails a verification
 * link, a path navigates there.
 */
export function useNextStepAction(onOpenOtp: () => void) {
  const navigate = useNavigate()
  const verification = useStartEmailVerification()
  const { mutate } = verification

  const follow = useCallback(
    (target: string) => {
      if (target === 'action:openOtp') {
        onOpenOtp()
      } else if (target === 'action:sendEmailVerification') {
        mutate(undefined, {
          onSuccess: () => {
            if (hasToaster()) toaster.create({ type: 'success', title: VERIFICATION_SENT })
          },
          onError: (error) => {
            console.error('Could not send the verification e-mail', error)
            if (hasToaster()) toaster.create({ type: 'error', title: VERIFICATION_FAILED })
            else window.setTimeout(() => window.alert(VERIFICATION_FAILED_ALERT), ALERT_FALLBACK_DELAY_MS)
          },
        })
      } else if (isAppPath(target)) {
        void navigate(target)
      } else {
        console.warn('Unknown next-step target', target)
      }
    },
    [mutate, navigate, onOpenOtp],
  )

  return { follow, sending: verification.isPending }
}

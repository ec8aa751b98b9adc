import { Text } from '@chakra-ui/react/text'
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden'
import { ErrorBanner } from '@/components/ui/error-banner'
import { formatCountdown } from '@/lib/india-time'
import { PAYMENT_MESSAGES } from '../../lib/payment'

/**
 * How long is left to pay (`left` from useTimeLeft), and that it is over once
 * it is. The ticking clock is not a live region: screen readers hear the time
 * left only when the minute changes.
 */
export function PayCountdown({ left }: { left: number | undefined }) {
  if (left === undefined) return null
  if (left === 0) return <ErrorBanner message={PAYMENT_MESSAGES.windowOver} />
  const minutes = Math.ceil(left / 60_000)
  return (
    <>
      <Text fontWeight="medium" color="fg.muted" aria-hidden="true" data-testid="pay-countdown">
        Pay within {formatCountdown(left)}
      </Text>
      <VisuallyHidden aria-live="polite">
        Pay within {minutes} {minutes === 1 ? 'minute' : 'minutes'}
      </VisuallyHidden>
    </>
  )
}

import { Text } from '@chakra-ui/react/text'
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PAYMENT_MESSAGES } from '../../lib/payment'

/** "14:05", or "1:02:05" past an hour. */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

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
        Pay within {clock(left)}
      </Text>
      <VisuallyHidden aria-live="polite">
        Pay within {minutes} {minutes === 1 ? 'minute' : 'minutes'}
      </VisuallyHidden>
    </>
  )
}

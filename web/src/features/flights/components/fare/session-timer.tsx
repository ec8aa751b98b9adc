import { Alert } from '@chakra-ui/react/alert'
import { Text } from '@chakra-ui/react/text'
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden'
import { useEffect, useState } from 'react'
import { RouterLink } from '@/components/ui/router-link'
import { FIRST_SCREEN } from '@/lib/first-screen'
import { usePrerendering } from '@/lib/prerendering'
import { faresHeldLine } from '../../lib/fare-lines'
import { SEARCH_SESSION_MS, sessionRemainingMs } from '../../lib/selection'

export const SESSION_EXPIRED_MESSAGE = 'Your fare session has expired. Search again for current fares.'

/** Milliseconds left of the search session, updated every second while any remain. */
function useRemaining(searchedAt: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now())
  const remaining = searchedAt === undefined ? undefined : sessionRemainingMs(searchedAt, now)
  const running = remaining !== undefined && remaining > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return remaining
}

/** The offer of a fresh search once the supplier's search session is over. */
export function SessionExpired({ searchPath }: { searchPath: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{SESSION_EXPIRED_MESSAGE}</Alert.Title>
        <Alert.Description>
          <RouterLink to={searchPath} fontWeight="semibold">
            Search again
          </RouterLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}

interface SessionTimerProps {
  searchedAt: number | undefined
  searchPath: string
  /** The API already said the session expired. */
  expired: boolean
}

/**
 * How long the supplier still holds the fares (15 minutes from the search).
 * The ticking clock is not a live region; screen readers hear the time left
 * only when the minute changes.
 */
export function SessionTimer({ searchedAt, searchPath, expired }: SessionTimerProps) {
  const remaining = useRemaining(searchedAt)
  const prerendering = usePrerendering()
  if (prerendering) {
    // The time left is the visit's: laid out hidden, and written by src/boot.ts (or taken away when
    // the visit has none).
    return (
      <Text
        fontWeight="medium"
        color="fg.muted"
        aria-hidden="true"
        visibility="hidden"
        data-first-screen={FIRST_SCREEN.fareTimeLeft}
      >
        {faresHeldLine(SEARCH_SESSION_MS)}
      </Text>
    )
  }
  if (expired || remaining === 0) return <SessionExpired searchPath={searchPath} />
  if (remaining === undefined) return null
  const minutes = Math.ceil(remaining / 60_000)
  return (
    <>
      <Text fontWeight="medium" color="fg.muted" aria-hidden="true" data-testid="session-timer">
        {faresHeldLine(remaining)}
      </Text>
      <VisuallyHidden aria-live="polite">
        Fares held for {minutes} {minutes === 1 ? 'minute' : 'minutes'}
      </VisuallyHidden>
    </>
  )
}

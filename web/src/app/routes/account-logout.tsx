import { Button } from '@chakra-ui/react/button'
import { Spinner } from '@chakra-ui/react/spinner'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useEffect, useRef } from 'react'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { useLogout } from '@/features/auth/api/logout'
import { useSession } from '@/features/auth/hooks/use-session'

export const LOGGED_OUT_MESSAGE = 'You have been logged out.'

/**
 * /account/logout: ends the session and says so. It sits outside the
 * sign-in-required account pages: a visitor who is signed out already (say,
 * after logging out in another tab) is told so instead of being asked to sign in.
 */
export function AccountLogoutRoute() {
  const { status } = useSession()
  const { mutate, isError, error, isPending } = useLogout()
  const started = useRef(false)

  useEffect(() => {
    if (status !== 'signedIn' || started.current) return
    started.current = true
    mutate()
  }, [status, mutate])

  let body
  if (status === 'signedOut') {
    body = <Text fontSize="lg">{LOGGED_OUT_MESSAGE}</Text>
  } else if (isError) {
    body = (
      <Stack gap="4" align="flex-start">
        <ErrorBanner message={error.message} />
        <Button colorPalette="terracotta" onClick={() => mutate()} disabled={isPending}>
          Try again
        </Button>
      </Stack>
    )
  } else {
    body = (
      <HStack gap="3" color="fg.muted">
        <Spinner size="sm" color="accent.solid" />
        <Text>Logging you out…</Text>
      </HStack>
    )
  }

  return (
    <PageContainer>
      <Stack gap="5" align="flex-start">
        <PageHeading title="Logout" />
        {body}
      </Stack>
    </PageContainer>
  )
}

import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Link } from '@chakra-ui/react/link'
import { Spinner } from '@chakra-ui/react/spinner'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState, type MouseEvent } from 'react'
import { PageHeading } from '@/components/ui/page-heading'
import { connectToPartner, useVisaConnection } from '../hooks/use-visa-connection'
import { VISA_CONNECT_FAILED, VISA_STATUS } from '../lib/visa-messages'

interface VisaPageProps {
  /** The partner page to land on (path plus query). */
  returnPath: string
  partnerOrigin: string
  openSignIn: () => void
}

/**
 * /go/visa and /go-for-visa (product spec 2.10): the partner visa site in a
 * full-width frame, signed in with a single-use ticket.
 */
export function VisaPage({ returnPath, partnerOrigin, openSignIn }: VisaPageProps) {
  const { state, retry } = useVisaConnection({ returnPath, partnerOrigin, openSignIn })
  const [tabError, setTabError] = useState(false)

  // The frame's ticket is spent: a new tab gets a ticket of its own. The tab is
  // opened before the request, while the click still counts as the user's.
  const openInNewTab = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    setTabError(false)
    const tab = window.open('about:blank', '_blank')
    if (!tab) {
      setTabError(true)
      return
    }
    tab.opener = null
    connectToPartner(returnPath, partnerOrigin).then(
      (url) => tab.location.replace(url),
      () => {
        tab.close()
        setTabError(true)
      },
    )
  }

  return (
    <Stack gap="4" px={{ base: '4', md: '8' }} py="6" flex="1">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <PageHeading
          title="Visa"
          description="Apply for your tourist visa with Paryatan Visa: signed in with your Paryatan account, with document checks and updates in one place."
        />
        {state.kind === 'ready' ? (
          <Link
            href={`${partnerOrigin}${returnPath}`}
            onClick={openInNewTab}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            fontWeight="semibold"
            textDecoration="underline"
          >
            Open in a new tab
          </Link>
        ) : null}
      </HStack>

      {tabError ? (
        <Text role="alert" color="fg.error">
          {VISA_CONNECT_FAILED}
        </Text>
      ) : null}

      {state.kind === 'error' ? (
        <Alert.Root status="error" variant="subtle" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description role="alert">{state.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </Alert.Root>
      ) : state.kind === 'ready' ? (
        <Box
          asChild
          width="100%"
          minH="36rem"
          height="calc(100dvh - 12rem)"
          borderWidth="1px"
          rounded="md"
          bg="bg.card"
        >
          <iframe src={state.frameUrl} title="Paryatan Visa" />
        </Box>
      ) : (
        <HStack role="status" gap="3" color="fg.muted">
          <Spinner size="sm" color="accent.solid" />
          <Text>{VISA_STATUS[state.kind]}</Text>
        </HStack>
      )}
    </Stack>
  )
}

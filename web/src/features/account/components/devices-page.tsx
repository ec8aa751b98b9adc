import { Badge } from '@chakra-ui/react/badge'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { formatIndiaDateTime } from '@/lib/india-time'
import { useSessions } from '../api/get-sessions'
import { useRevokeSession } from '../api/revoke-session'
import type { DeviceSession } from '../types'
import { describeUserAgent } from '../utils/user-agent'

/** This device first, then the most recently used. */
function byRecentUse(a: DeviceSession, b: DeviceSession): number {
  if (a.current !== b.current) return a.current ? -1 : 1
  return Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt)
}

/** Logged in Devices: every signed-in session, and a Logout for each one that is not this device. */
export function DevicesPage() {
  const sessions = useSessions()
  const revoke = useRevokeSession()

  let body
  if (sessions.isPending) {
    body = <Skeleton height="24" />
  } else if (sessions.isError) {
    body = <ErrorBanner message={sessions.error.message} />
  } else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Devices">
        {[...sessions.data].sort(byRecentUse).map((s) => {
          const device = describeUserAgent(s.userAgent)
          return (
            <Card.Root as="li" key={s._id} variant="outline" bg="bg.card" data-testid="device">
              <Card.Body py="3">
                <Flex gap="3" align="center" justify="space-between" wrap="wrap">
                  <Stack gap="1">
                    <HStack gap="2">
                      <Text fontWeight="semibold" title={s.userAgent}>
                        {device}
                      </Text>
                      {s.current ? (
                        <Badge colorPalette="green" variant="subtle">
                          This device
                        </Badge>
                      ) : null}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      IP {s.ip || 'unknown'} · Signed in {formatIndiaDateTime(s.createdAt)} · Last active{' '}
                      {formatIndiaDateTime(s.lastSeenAt)}
                    </Text>
                  </Stack>
                  {s.current ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Logout ${device}`}
                      loading={revoke.isPending && revoke.variables === s._id}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(s._id)}
                    >
                      Logout
                    </Button>
                  )}
                </Flex>
              </Card.Body>
            </Card.Root>
          )
        })}
      </Stack>
    )
  }

  return (
    <Stack gap="6">
      <PageHeading title="Logged in Devices" />
      {revoke.isError ? <ErrorBanner message={revoke.error.message} /> : null}
      {body}
    </Stack>
  )
}

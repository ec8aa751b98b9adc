import { Badge, Card, Flex, Skeleton, Stack, Text } from '@chakra-ui/react'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { formatMoney } from '@/lib/money'
import { useBookings } from '../api/get-bookings'
import type { Booking } from '../types'
import { formatDeparture } from '../utils/dates'
import { PlaceholderNote, PLACEHOLDERS } from './account-placeholder'

const STATUS_PALETTE: Record<string, string> = {
  ticketed: 'green',
  booked: 'blue',
  failed: 'red',
}

function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown'
}

function TripCard({ booking }: { booking: Booking }) {
  const route = `${booking.origin} → ${booking.destination}`
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="trip">
      <Card.Body py="4">
        <Flex gap="4" justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap="1">
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              {route}
            </Text>
            <Text fontSize="sm">{formatDeparture(booking.departure)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[booking.airline, booking.pnr ? `PNR ${booking.pnr}` : ''].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Stack gap="2" align="flex-end">
            <Badge colorPalette={STATUS_PALETTE[booking.status] ?? 'gray'} variant="subtle">
              {statusLabel(booking.status)}
            </Badge>
            <Text fontWeight="semibold">{formatMoney(booking.price, booking.currency)}</Text>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}

/** My Trips: the user's flight bookings, newest first as the server lists them. */
export function TripsPage() {
  const bookings = useBookings()

  let body
  if (bookings.isPending) {
    body = <Skeleton height="24" />
  } else if (bookings.isError) {
    body = <ErrorBanner message={bookings.error.message} />
  } else if (bookings.data.length === 0) {
    body = <PlaceholderNote>{PLACEHOLDERS.trips}</PlaceholderNote>
  } else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Bookings">
        {bookings.data.map((booking) => (
          <TripCard key={booking._id} booking={booking} />
        ))}
      </Stack>
    )
  }

  return (
    <Stack gap="6">
      <PageHeading title="My Trips" />
      {body}
    </Stack>
  )
}

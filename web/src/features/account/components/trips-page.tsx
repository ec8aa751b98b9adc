import { Badge } from '@chakra-ui/react/badge'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { tripStatusLabel, tripStatusPalette } from '@/lib/booking-status'
import { Money } from '@/components/ui/money'
import { useBookings } from '../api/get-bookings'
import type { Booking } from '../types'
import { formatDeparture } from '../utils/dates'
import { PlaceholderNote, PLACEHOLDERS } from './account-placeholder'

function TripCard({ booking }: { booking: Booking }) {
  const route = `${booking.origin} → ${booking.destination}`
  const departure = formatDeparture(booking.departure)
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="trip">
      <Card.Body py="4">
        <Flex gap="4" justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap="1">
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              {route}
            </Text>
            <Text fontSize="sm">{departure}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[booking.airline, booking.pnr ? `PNR ${booking.pnr}` : ''].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Stack gap="2" align="flex-end">
            <Badge colorPalette={tripStatusPalette(booking)} variant="subtle">
              {tripStatusLabel(booking)}
            </Badge>
            <Text fontWeight="semibold">
              <Money amount={booking.price} currency={booking.currency} />
            </Text>
            <RouterLink
              to={paths.trip(booking._id)}
              fontSize="sm"
              fontWeight="medium"
              color="brand.fg"
              aria-label={`View booking ${booking.origin} to ${booking.destination}, ${departure}`}
            >
              View booking
            </RouterLink>
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

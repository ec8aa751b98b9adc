import { Alert } from '@chakra-ui/react/alert'
import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Heading } from '@chakra-ui/react/heading'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { formatIndiaDateTime } from '@/lib/india-time'
import type { Booking, BookingWithPayments, CancelTicket, ExtraLine, Payment } from '@/lib/api-types'
import { tripStatusLabel, tripStatusPalette } from '@/lib/booking-status'
import { Money } from '@/components/ui/money'
import { paymentMethodLabel, paymentStatusLabel } from '@/lib/payment-status'
import { bookingQueryKey, useBooking } from '../../api/get-booking'
import { bookingDetailsQueryOptions, useBookingDetails } from '../../api/get-booking-details'
import { heldTickets } from '../../lib/cancellation'
import { formatLocalDateTime } from '../../lib/dates'
import { toItineraryView, type ItineraryView } from '../../lib/itinerary'
import { awaitsPayment, isPositive } from '../../lib/payment'
import type { FlightSegment } from '../../lib/results'
import { RefundList } from '../payment/refund-list'
import { CancelActions } from './cancel-dialog'
import { CancellationList } from './cancellation-list'
import { TripDocuments } from './trip-documents'

function BackLink() {
  return (
    <RouterLink to={paths.trips} color="brand.fg" fontWeight="medium" alignSelf="flex-start">
      Back to My Trips
    </RouterLink>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" m="0">
        {children}
      </Text>
    </Box>
  )
}

function PaymentLine({ payment }: { payment: Payment }) {
  const when = formatIndiaDateTime(payment.paidAt ?? payment.createdAt)
  return (
    <Box as="li" data-testid="trip-payment">
      <Text fontWeight="medium">
        <Money amount={payment.amount} currency={payment.currency} />
        {`: ${paymentStatusLabel(payment.status)}`}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {[when, paymentMethodLabel(payment.method), `Order ${payment.orderId}`].filter(Boolean).join(' · ')}
      </Text>
    </Box>
  )
}

/** What was paid for the booking and what was refunded, and the way to pay while it waits for a payment. */
function Payments({ data }: { data: BookingWithPayments }) {
  const { booking, payments, refunds } = data
  const due = awaitsPayment(booking)
  if (payments.length === 0 && refunds.length === 0 && !due) return null
  return (
    <Stack gap="4" as="section" aria-labelledby="payments-heading">
      <Heading as="h2" size="lg" id="payments-heading">
        Payments
      </Heading>
      {payments.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Payments">
          {payments.map((p) => (
            <PaymentLine key={p._id} payment={p} />
          ))}
        </Stack>
      ) : null}
      <RefundList refunds={refunds} />
      <RouterLink to={paths.booking(booking._id)} color="brand.fg" fontWeight="medium" alignSelf="flex-start">
        {due ? 'Pay for this booking' : 'Payment status'}
      </RouterLink>
    </Stack>
  )
}

function BookingRecord({ booking, tickets }: { booking: Booking; tickets: readonly CancelTicket[] }) {
  const updated = formatIndiaDateTime(booking.updatedAt)
  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body>
        <Box
          as="dl"
          data-testid="booking-record"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
          gap="4"
          m="0"
        >
          <Field label="Route">{`${booking.origin} → ${booking.destination}`}</Field>
          <Field label="Departure">{formatLocalDateTime(booking.departure)}</Field>
          <Field label="Airline">{booking.airline}</Field>
          <Field label="PNR">{booking.pnr || 'Not issued yet'}</Field>
          <Field label="BookingId">{booking.bookingId ? String(booking.bookingId) : 'Not issued yet'}</Field>
          <Field label="Status">
            <Badge colorPalette={tripStatusPalette(booking)} variant="subtle">
              {tripStatusLabel(booking)}
            </Badge>
          </Field>
          <Field label="Price">
            <Money amount={booking.price} currency={booking.currency} />
          </Field>
          <Field label="Paid">
            <Money amount={booking.paid ?? '0'} currency={booking.currency} />
          </Field>
          {isPositive(booking.refunded) ? (
            <Field label="Refunded">
              <Money amount={booking.refunded} currency={booking.currency} />
            </Field>
          ) : null}
          <Field label="Created">{formatIndiaDateTime(booking.createdAt)}</Field>
          {updated ? <Field label="Last updated">{updated}</Field> : null}
          {booking.failure ? <Field label="Failure reason">{booking.failure}</Field> : null}
        </Box>
        <TripExtras booking={booking} tickets={tickets} />
      </Card.Body>
    </Card.Root>
  )
}

function SegmentLine({ segment }: { segment: FlightSegment }) {
  const airline = segment.airlineName || segment.airlineCode
  const operator = segment.operatedBy
  return (
    <Box as="li" data-testid="trip-segment">
      <Text fontWeight="medium">
        {`${segment.origin} ${segment.departTime} → ${segment.destination} ${segment.arriveTime}`}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {[formatLocalDateTime(segment.departure), `${airline} ${segment.airlineCode}-${segment.flightNumber}`]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {operator ? (
        <Text fontSize="sm" color="fg.muted">
          {`Operated by ${operator}`}
        </Text>
      ) : null}
    </Box>
  )
}

const TICKET_STATES: Partial<Record<NonNullable<CancelTicket['state']>, { label: string; palette: string }>> = {
  cancelling: { label: 'Cancellation in progress', palette: 'orange' },
  cancelled: { label: 'Cancelled', palette: 'gray' },
}

/** A ticket's cancellation, beside its traveller; nothing for a ticket still held. */
function TicketState({ ticket }: { ticket: CancelTicket | undefined }) {
  const state = ticket?.state && TICKET_STATES[ticket.state]
  if (!state) return null
  return (
    <Badge colorPalette={state.palette} variant="subtle" data-testid="ticket-state">
      {state.label}
    </Badge>
  )
}

/** One item as the trip lists it: "Seat 12A (Window, exit row) · BOM → DEL". */
function extraText(line: ExtraLine): string {
  return line.origin && line.destination ? `${line.label} · ${line.origin} → ${line.destination}` : line.label
}

/** The seats, meals and baggage bought with the fare (or asked for), per traveller, and their cost. */
function TripExtras({ booking, tickets }: { booking: Booking; tickets: readonly CancelTicket[] }) {
  const lines = booking.extras ?? []
  if (lines.length === 0) return null
  const travellers = [...new Set(lines.map((l) => l.passenger))].sort((a, b) => a - b)
  return (
    <Stack gap="2" mt="5" as="section" aria-labelledby="trip-extras-heading" data-testid="trip-extras">
      <Heading as="h3" size="md" id="trip-extras-heading">
        Seats, meals and baggage
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {travellers.map((t) => (
          <Box as="li" key={t}>
            <Text fontWeight="medium">{tickets.find((k) => k.passenger === t)?.name ?? `Traveller ${t + 1}`}</Text>
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
              {lines
                .filter((l) => l.passenger === t)
                .map((l, i) => (
                  <HStack as="li" key={`${l.kind}-${l.code}-${i}`} gap="2" justify="space-between" wrap="wrap">
                    <Text>{extraText(l)}</Text>
                    {isPositive(l.price) ? <Money amount={l.price} currency={booking.currency} /> : null}
                  </HStack>
                ))}
            </Stack>
          </Box>
        ))}
      </Stack>
      {isPositive(booking.extrasPrice) ? (
        <Text fontWeight="semibold">
          Extras total: <Money amount={booking.extrasPrice} currency={booking.currency} />
        </Text>
      ) : null}
    </Stack>
  )
}

function Itinerary({ itinerary, tickets }: { itinerary: ItineraryView; tickets: CancelTicket[] }) {
  return (
    <Stack gap="4" data-testid="booking-details">
      {itinerary.lastTicketDate ? <Text>{`Last ticket date: ${itinerary.lastTicketDate}`}</Text> : null}
      <Stack gap="2">
        <Heading as="h3" size="md">
          Passengers
        </Heading>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {itinerary.passengers.map((p, i) => (
            <Box as="li" key={`${i}-${p.name}`} data-testid="trip-passenger">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium">{[p.name, p.type ? `(${p.type})` : ''].filter(Boolean).join(' ')}</Text>
                <TicketState ticket={tickets.find((t) => t.passenger === i)} />
              </HStack>
              <Text fontSize="sm">{p.ticketNumber ? `Ticket number ${p.ticketNumber}` : 'Ticket not issued yet'}</Text>
            </Box>
          ))}
        </Stack>
      </Stack>
      {itinerary.segments.length > 0 ? (
        <Stack gap="2">
          <Heading as="h3" size="md">
            Flights
          </Heading>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {itinerary.segments.map((s, i) => (
              <SegmentLine key={`${i}-${s.flightNumber}`} segment={s} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  )
}

function SupplierDetails({ booking, tickets }: { booking: Booking; tickets: CancelTicket[] }) {
  const queryClient = useQueryClient()
  const details = useBookingDetails(booking.bookingId)
  if (!booking.bookingId) return <Text color="fg.muted">No BookingId to refresh.</Text>

  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: bookingDetailsQueryOptions(booking.bookingId).queryKey })
    // Asking the supplier may have settled a booking we were still confirming.
    await queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking._id) })
  }
  const itinerary = details.data ? toItineraryView(details.data) : undefined

  return (
    <Stack gap="4">
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        variant="outline"
        loading={details.isFetching}
        loadingText="Refreshing booking details…"
        onClick={() => void refresh()}
      >
        Refresh booking details
      </Button>
      {details.isError ? (
        <Alert.Root status="error" variant="subtle" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Could not refresh booking details.</Alert.Title>
            <Alert.Description>{details.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {details.isPending && details.isFetching ? <Skeleton height="20" /> : null}
      {itinerary ? <Itinerary itinerary={itinerary} tickets={tickets} /> : null}
      {details.data && !itinerary ? (
        <Text color="fg.muted">The airline sent no itinerary for this booking.</Text>
      ) : null}
    </Stack>
  )
}

/** A ticketed booking's cancellations, and the way to cancel the tickets it still holds. */
function Cancellations({ data }: { data: BookingWithPayments }) {
  const cancellations = data.cancellations ?? []
  if (heldTickets(data).length === 0 && cancellations.length === 0) return null
  return (
    <Stack gap="4" as="section" aria-labelledby="cancellations-heading">
      <Heading as="h2" size="lg" id="cancellations-heading">
        Cancellations
      </Heading>
      <CancellationList cancellations={cancellations} />
      <CancelActions data={data} />
    </Stack>
  )
}

/** One booking of My Trips: our record, and the airline's itinerary with the ticket numbers. */
export function TripPage({ id }: { id: string }) {
  const booking = useBooking(id)

  if (booking.isPending) {
    return (
      <Stack gap="6">
        <PageHeading title="Booking" />
        <Skeleton height="32" />
      </Stack>
    )
  }
  if (booking.isError) {
    const missing = booking.error instanceof ApiError && booking.error.status === 404
    return (
      <Stack gap="6">
        <PageHeading title="Booking" />
        <ErrorBanner message={missing ? 'No such booking.' : booking.error.message} />
        <BackLink />
      </Stack>
    )
  }

  const data = booking.data
  const b = data.booking
  return (
    <Stack gap="6">
      <BackLink />
      <PageHeading title={`Booking ${b.origin} → ${b.destination}`} />
      {b.status === 'unknown' ? (
        <Alert.Root status="warning" variant="subtle" role="status">
          <Alert.Indicator />
          <Alert.Title>
            We are confirming this booking with the airline. Please do not book this trip again.
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <BookingRecord booking={b} tickets={data.tickets ?? []} />
      <TripDocuments documents={data.documents ?? []} />
      <Cancellations data={data} />
      <Payments data={data} />
      <Stack gap="4" as="section" aria-labelledby="booking-details-heading">
        <Heading as="h2" size="lg" id="booking-details-heading">
          Booking details
        </Heading>
        <SupplierDetails booking={b} tickets={data.tickets ?? []} />
      </Stack>
    </Stack>
  )
}

import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { DataList } from '@chakra-ui/react/data-list'
import { Heading } from '@chakra-ui/react/heading'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import type { BookingFlow, TicketMode } from '../../hooks/use-booking-flow'
import { ticketsOf } from '../../lib/booking'
import { flowBooking, flowRef } from '../../lib/booking-flow'

function Collapsed({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <chakra.details borderWidth="1px" borderColor="border" rounded="md" p="3">
      <chakra.summary
        cursor="pointer"
        fontWeight="medium"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
      >
        {title}
      </chakra.summary>
      <Box mt="3">{children}</Box>
    </chakra.details>
  )
}

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
    </DataList.Item>
  )
}

interface BookingPanelProps {
  flow: BookingFlow
  traceId: string
  resultIndex: string
  isLCC: boolean | undefined
  onTicket(mode: TicketMode): void
}

/** The booking once made: references, ticketing, booking details, diagnostics and the raw answer. */
export function BookingPanel({ flow, traceId, resultIndex, isLCC, onTicket }: BookingPanelProps) {
  const { state } = flow
  const ticketing = state.step === 'ticketing'
  const itinerary = state.details?.Response.FlightItinerary
  const tickets = ticketsOf(state.details)
  const booking = flowBooking(state)
  const ref = flowRef(state)
  return (
    <Stack gap="4" as="section" aria-labelledby="booking-heading">
      <Heading as="h2" size="lg" id="booking-heading">
        Booking
      </Heading>
      {state.book.kind === 'answered' ? <Text role="status">{state.book.text}</Text> : null}
      <DataList.Root orientation="horizontal" size="sm">
        <Row label="BookingId" value={ref.bookingId ?? '—'} />
        <Row label="PNR" value={ref.pnr || '—'} testId="booking-pnr" />
        {booking ? <Row label="Status" value={booking.status} /> : null}
        {booking ? <Row label="Booking record" value={booking._id} /> : null}
      </DataList.Root>

      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" onClick={() => onTicket('auto')} disabled={ticketing}>
          {ticketing ? 'Ticketing…' : state.ticketAnswer ? 'Retry Ticket' : 'Ticket'}
        </Button>
        <Button variant="outline" onClick={() => onTicket('gds')} disabled={ticketing}>
          Force GDS ticket
        </Button>
        <Button variant="outline" onClick={() => onTicket('lcc')} disabled={ticketing}>
          Force LCC ticket
        </Button>
      </HStack>
      {state.ticket.kind === 'failed' ? <ErrorBanner message={state.ticket.text} /> : null}
      {state.ticket.kind === 'answered' ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{state.ticket.text}</Alert.Title>
        </Alert.Root>
      ) : null}
      {state.pending ? (
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{state.pending}</Alert.Title>
            <Alert.Description>
              <RouterLink to={paths.trips}>My Trips</RouterLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      <Stack gap="3">
        <Heading as="h3" size="md">
          Booking details
        </Heading>
        <HStack>
          <Button
            variant="outline"
            onClick={() => void flow.refreshDetails(ref.bookingId)}
            loading={state.step === 'refreshing'}
          >
            Refresh booking details
          </Button>
        </HStack>
        {state.detailsError ? <ErrorBanner message={state.detailsError} /> : null}
        {itinerary ? (
          <DataList.Root orientation="horizontal" size="sm" data-testid="booking-details">
            <Row label="PNR" value={itinerary.PNR || '—'} />
            <Row label="BookingId" value={itinerary.BookingId} />
            {booking ? <Row label="Booking status" value={booking.status} /> : null}
            {tickets.map((t, i) => (
              <Row
                key={i}
                label={t.name || `Passenger ${i + 1}`}
                value={t.ticket ? `Ticket ${t.ticket}` : 'Not ticketed yet'}
              />
            ))}
          </DataList.Root>
        ) : null}
      </Stack>

      <Collapsed title="Diagnostics">
        <DataList.Root orientation="horizontal" size="sm">
          <Row label="traceId" value={<chakra.code wordBreak="break-all">{traceId}</chakra.code>} />
          <Row label="resultIndex" value={<chakra.code wordBreak="break-all">{resultIndex}</chakra.code>} />
          <Row label="IsLCC" value={isLCC === undefined ? '—' : String(isLCC)} />
          <Row label="BookingId" value={ref.bookingId ?? '—'} />
          <Row label="Last API error" value={state.lastError || '—'} />
        </DataList.Root>
      </Collapsed>
      <Collapsed title="Raw booking details">
        <chakra.pre fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="raw-booking-details">
          {state.details ? JSON.stringify(state.details, null, 2) : 'No booking details yet.'}
        </chakra.pre>
      </Collapsed>
    </Stack>
  )
}

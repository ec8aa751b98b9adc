import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Spinner } from '@chakra-ui/react/spinner'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import type { Booking, BookingWithPayments } from '@/lib/api-types'
import { Money } from '@/components/ui/money'
import { formatMoney } from '@/lib/money'
import { useCancelBooking } from '../../api/cancel-booking'
import { bookingQueryKey, bookingQueryOptions } from '../../api/get-booking'
import { useCheckout, type Checkout } from '../../hooks/use-checkout'
import { useTimeLeft } from '../../hooks/use-time-left'
import { formatLocalDateTime } from '../../lib/dates'
import { failureText } from '../../lib/fare-messages'
import {
  bookingState,
  closedText,
  isClosedStatus,
  isOutcomeOpen,
  isPositive,
  latestPayment,
  onlyExtrasMoved,
  PAYMENT_MESSAGES,
  payLabel,
  paymentFailedText,
  priceChangeText,
  readPaymentReturn,
  type BookingState,
  type ClosedStatus,
  type PaymentReturn,
} from '../../lib/payment'
import { PayCountdown } from './pay-countdown'
import { RefundList } from './refund-list'

/** How often the page asks while the outcome is open, and for how long at most. */
export const POLL_EVERY_MS = 2_000
export const POLL_FOR_MS = 5 * 60_000

const PAGE_TITLE = 'Your booking'

const HEADINGS: Record<Exclude<BookingState, 'closed'>, string> = {
  ticketed: 'Ticket issued',
  priceChanged: 'The fare has changed',
  issuing: 'Payment received',
  confirming: 'Confirming your booking',
  paymentFailed: 'Payment failed',
  left: 'Payment not completed',
  unverified: 'Confirming your payment',
  awaitingPayment: 'Pay for your booking',
}

const CLOSED_HEADINGS: Record<ClosedStatus, string> = {
  failed: 'Booking failed',
  cancelled: 'Booking cancelled',
  expired: 'Booking expired',
}

function headingOf(state: BookingState, booking: Booking): string {
  if (state === 'priceChanged' && onlyExtrasMoved(booking)) return 'The price has changed'
  if (state !== 'closed') return HEADINGS[state]
  return isClosedStatus(booking.status) ? CLOSED_HEADINGS[booking.status] : CLOSED_HEADINGS.failed
}

/** Whether `ms` have passed since the page opened. */
function usePassed(ms: number): boolean {
  const [passed, setPassed] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return passed
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

function TripSummary({ booking, ticketed }: { booking: Booking; ticketed: boolean }) {
  const money = (amount: string) => <Money amount={amount} currency={booking.currency} />
  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body>
        <Box
          as="dl"
          data-testid="booking-summary"
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
          gap="4"
          m="0"
        >
          {booking.pnr ? <Field label="PNR">{booking.pnr}</Field> : null}
          <Field label="Route">{`${booking.origin} → ${booking.destination}`}</Field>
          <Field label="Departure">{formatLocalDateTime(booking.departure)}</Field>
          <Field label="Airline">{booking.airline}</Field>
          {ticketed ? (
            <Field label="Amount paid">{money(isPositive(booking.paid) ? booking.paid : booking.price)}</Field>
          ) : (
            <>
              <Field label="Price">{money(booking.price)}</Field>
              {isPositive(booking.paid) ? <Field label="Paid">{money(booking.paid)}</Field> : null}
            </>
          )}
          {isPositive(booking.refunded) ? <Field label="Refunded">{money(booking.refunded)}</Field> : null}
        </Box>
      </Card.Body>
    </Card.Root>
  )
}

/** What the page says about the booking: read out when it changes. */
function StatusText({ data, state }: { data: BookingWithPayments; state: BookingState }) {
  const { booking } = data
  switch (state) {
    case 'ticketed':
      return <Text fontSize="lg">{PAYMENT_MESSAGES.ticketed}</Text>
    case 'closed':
      return <Text fontSize="lg">{closedText(booking)}</Text>
    case 'priceChanged':
      return <Text fontSize="lg">{priceChangeText(booking)}</Text>
    case 'issuing':
      return <Text fontSize="lg">{PAYMENT_MESSAGES.issuing}</Text>
    case 'confirming':
      return <Text fontSize="lg">{PAYMENT_MESSAGES.confirming}</Text>
    case 'paymentFailed':
      return (
        <>
          <Text fontSize="lg">{paymentFailedText(latestPayment(data.payments)?.failure)}</Text>
          <Text>{PAYMENT_MESSAGES.noMoneyTaken}</Text>
        </>
      )
    case 'left':
      return <Text fontSize="lg">{PAYMENT_MESSAGES.left}</Text>
    case 'unverified':
      return <Text fontSize="lg">{PAYMENT_MESSAGES.unverified}</Text>
    case 'awaitingPayment':
      return <Text fontSize="lg">{PAYMENT_MESSAGES.awaiting}</Text>
  }
}

interface CancelProps {
  label: string
  booking: Booking
}

/** Cancelling, asked twice: it releases the booking for good. */
function CancelBooking({ label, booking }: CancelProps) {
  const [asking, setAsking] = useState(false)
  const cancel = useCancelBooking(booking._id)
  const paid = isPositive(booking.paid)
  return (
    <Stack gap="3">
      {asking ? (
        <Alert.Root status="warning" role="group" aria-labelledby="cancel-question">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title id="cancel-question">Cancel this booking?</Alert.Title>
            <Alert.Description>
              {paid
                ? 'The booking is released and everything you paid is refunded in full.'
                : 'The booking is released.'}
            </Alert.Description>
            <HStack gap="3" mt="3" wrap="wrap">
              <Button
                colorPalette="red"
                autoFocus
                loading={cancel.isPending}
                loadingText="Cancelling…"
                onClick={() => cancel.mutate()}
              >
                Yes, cancel booking
              </Button>
              <Button variant="outline" disabled={cancel.isPending} onClick={() => setAsking(false)}>
                Keep booking
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Button variant="outline" alignSelf="start" onClick={() => setAsking(true)}>
          {label}
        </Button>
      )}
      {cancel.isError ? <ErrorBanner message={failureText(cancel.error, PAYMENT_MESSAGES.cancelFailed)} /> : null}
    </Stack>
  )
}

interface PayProps {
  label: string
  checkout: Checkout
  disabled?: boolean
}

function PayButton({ label, checkout, disabled }: PayProps) {
  return (
    <Button
      colorPalette="terracotta"
      size="lg"
      onClick={checkout.pay}
      disabled={disabled}
      loading={checkout.busy}
      loadingText="Taking you to payment…"
    >
      {label}
    </Button>
  )
}

/** What the traveller can do next: pay, pay again, pay the difference, or cancel. */
function Actions({ booking, state }: { booking: Booking; state: BookingState }) {
  const checkout = useCheckout(booking._id)
  const left = useTimeLeft(booking.payBy)
  const queryClient = useQueryClient()
  const payable = state === 'awaitingPayment' || state === 'left' || state === 'paymentFailed'
  const over = payable && left === 0
  // The time to pay ran out while the page was open: ask how the booking stands now.
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking._id) })
  }, [over, queryClient, booking._id])

  if (state === 'priceChanged') {
    return (
      <Stack gap="3">
        {checkout.error ? <ErrorBanner message={checkout.error} /> : null}
        <HStack gap="3" wrap="wrap" align="flex-start">
          <PayButton
            checkout={checkout}
            label={`Pay the difference of ${formatMoney(booking.amountDue ?? '', booking.currency)}`}
          />
          <CancelBooking label="Cancel for a full refund" booking={booking} />
        </HStack>
      </Stack>
    )
  }
  if (!payable) return null
  return (
    <Stack gap="3">
      <PayCountdown left={left} />
      {checkout.error ? <ErrorBanner message={checkout.error} /> : null}
      <HStack gap="3" wrap="wrap" align="flex-start">
        <PayButton
          checkout={checkout}
          label={state === 'paymentFailed' ? 'Retry payment' : payLabel(booking)}
          disabled={over}
        />
        {state === 'left' || over ? null : <CancelBooking label="Cancel booking" booking={booking} />}
      </HStack>
    </Stack>
  )
}

function BookingStatus({
  data,
  ret,
  waitedLong,
}: {
  data: BookingWithPayments
  ret: PaymentReturn | undefined
  waitedLong: boolean
}) {
  const { booking } = data
  const state = bookingState(data, ret)
  const open = isOutcomeOpen(data, ret)
  return (
    <Stack gap="6">
      <PageHeading title={headingOf(state, booking)} documentTitle={PAGE_TITLE} />
      <Stack gap="2" role="status" aria-live="polite" data-testid="booking-status">
        <StatusText data={data} state={state} />
        <RefundList refunds={data.refunds} />
        {open && waitedLong ? <Text>{PAYMENT_MESSAGES.tooLong}</Text> : null}
      </Stack>
      {open && !waitedLong ? <Spinner size="md" color="accent.solid" aria-hidden="true" /> : null}
      <TripSummary booking={booking} ticketed={state === 'ticketed'} />
      <Actions key={state} booking={booking} state={state} />
      <HStack gap="6" wrap="wrap">
        <RouterLink to={paths.trip(booking._id)} color="brand.fg" fontWeight="medium">
          My Trips
        </RouterLink>
        <RouterLink to={paths.payments} color="brand.fg" fontWeight="medium">
          My Payments
        </RouterLink>
      </HStack>
    </Stack>
  )
}

export interface BookingPageProps {
  id: string
  /** `?payment=` as the gateway's return wrote it. */
  paymentReturn: string | null
}

/**
 * /flights/booking/:id: where a booking stands after the traveller paid, or
 * tried to. While the outcome is open (the ticket being issued, a payment not
 * confirmed, a refund on its way) the booking is read again every 2 seconds,
 * for 5 minutes at most.
 */
export function BookingPage({ id, paymentReturn }: BookingPageProps) {
  const ret = readPaymentReturn(paymentReturn)
  const waitedLong = usePassed(POLL_FOR_MS)
  const query = useQuery({
    ...bookingQueryOptions(id),
    refetchInterval: (q) => (!waitedLong && q.state.data && isOutcomeOpen(q.state.data, ret) ? POLL_EVERY_MS : false),
  })

  let body
  if (query.data) {
    body = <BookingStatus data={query.data} ret={ret} waitedLong={waitedLong} />
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    body = (
      <Stack gap="6">
        <PageHeading title={missing ? 'Booking not found' : PAGE_TITLE} />
        <ErrorBanner message={missing ? PAYMENT_MESSAGES.notFound : query.error.message} />
        {missing ? null : (
          <Button alignSelf="start" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
        <RouterLink to={paths.trips} color="brand.fg" fontWeight="medium">
          My Trips
        </RouterLink>
      </Stack>
    )
  } else {
    body = (
      <Stack gap="6">
        <PageHeading title={PAGE_TITLE} />
        <Skeleton height="32" />
      </Stack>
    )
  }
  return <PageContainer>{body}</PageContainer>
}

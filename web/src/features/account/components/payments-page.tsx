import { Badge } from '@chakra-ui/react/badge'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { Money } from '@/components/ui/money'
import { paths } from '@/config/paths'
import { formatIndiaDateTime } from '@/lib/india-time'
import { spokenMoney } from '@/lib/money'
import {
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusPalette,
  refundStatusLabel,
  refundStatusPalette,
} from '@/lib/payment-status'
import { usePayments } from '../api/get-payments'
import type { PaymentWithTrip, Refund } from '../types'
import { PlaceholderNote, PLACEHOLDERS } from './account-placeholder'

function PaymentCard({ payment }: { payment: PaymentWithTrip }) {
  const trip = `${payment.trip.origin} → ${payment.trip.destination}`
  const when = formatIndiaDateTime(payment.paidAt ?? payment.createdAt)
  const spoken = spokenMoney(payment.amount, payment.currency)
  const method = paymentMethodLabel(payment.method)
  const status = paymentStatusLabel(payment.status)
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="payment">
      <Card.Body py="4">
        <Flex gap="4" justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap="1">
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              {trip}
            </Text>
            <Text fontSize="sm">{[when, method].filter(Boolean).join(' · ')}</Text>
            <Text fontSize="sm" color="fg.muted">
              Order {payment.orderId}
            </Text>
          </Stack>
          <Stack gap="2" align="flex-end">
            <Badge colorPalette={paymentStatusPalette(payment.status)} variant="subtle">
              {status}
            </Badge>
            <Text fontWeight="semibold">
              <Money amount={payment.amount} currency={payment.currency} />
            </Text>
            <RouterLink
              to={paths.booking(payment.bookingId)}
              fontSize="sm"
              fontWeight="medium"
              color="brand.fg"
              aria-label={`View booking ${payment.trip.origin} to ${payment.trip.destination}, ${spoken} ${status}`}
            >
              View booking
            </RouterLink>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}

type Trip = PaymentWithTrip['trip']

function RefundCard({ refund, trip }: { refund: Refund; trip: Trip | undefined }) {
  const status = refundStatusLabel(refund.status)
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="refund">
      <Card.Body py="4">
        <Flex gap="4" justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap="1">
            {trip ? (
              <Text fontWeight="bold" fontSize="lg" color="brand.fg">
                {`${trip.origin} → ${trip.destination}`}
              </Text>
            ) : null}
            <Text fontSize="sm">{formatIndiaDateTime(refund.createdAt)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {refund.reason}
            </Text>
          </Stack>
          <Stack gap="2" align="flex-end">
            <Badge colorPalette={refundStatusPalette(refund.status)} variant="subtle">
              {status}
            </Badge>
            <Text fontWeight="semibold">
              <Money amount={refund.amount} currency={refund.currency} />
            </Text>
            <RouterLink
              to={paths.booking(refund.bookingId)}
              fontSize="sm"
              fontWeight="medium"
              color="brand.fg"
              aria-label={`View booking${trip ? ` ${trip.origin} to ${trip.destination}` : ''}, refund of ${spokenMoney(refund.amount, refund.currency)} ${status}`}
            >
              View booking
            </RouterLink>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}

/** My Payments: the user's payments and refunds, newest first as the server lists them. */
export function PaymentsPage() {
  const query = usePayments()

  let body
  if (query.isPending) {
    body = <Skeleton height="24" />
  } else if (query.isError) {
    body = <ErrorBanner message={query.error.message} />
  } else if (query.data.payments.length === 0 && query.data.refunds.length === 0) {
    body = <PlaceholderNote>{PLACEHOLDERS.payments}</PlaceholderNote>
  } else {
    const { payments, refunds } = query.data
    // A refund names its booking only: its trip is the one its payments name.
    const trips = new Map(payments.map((p) => [p.bookingId, p.trip]))
    body = (
      <Stack gap="8">
        {payments.length > 0 ? (
          <Stack gap="3" as="section" aria-labelledby="payments-heading">
            <Heading as="h2" size="lg" id="payments-heading">
              Payments
            </Heading>
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Payments">
              {payments.map((p) => (
                <PaymentCard key={p._id} payment={p} />
              ))}
            </Stack>
          </Stack>
        ) : null}
        {refunds.length > 0 ? (
          <Stack gap="3" as="section" aria-labelledby="refunds-heading">
            <Heading as="h2" size="lg" id="refunds-heading">
              Refunds
            </Heading>
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Refunds">
              {refunds.map((r) => (
                <RefundCard key={r._id} refund={r} trip={trips.get(r.bookingId)} />
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    )
  }

  return (
    <Stack gap="6">
      <PageHeading title="My Payments" />
      {body}
    </Stack>
  )
}

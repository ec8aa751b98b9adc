import { Button } from '@chakra-ui/react/button'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Table } from '@chakra-ui/react/table'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import type { Booking, FareBreakdown } from '@/lib/api-types'
import { Money } from '@/components/ui/money'
import { useCheckout } from '../../hooks/use-checkout'
import { useTimeLeft } from '../../hooks/use-time-left'
import { bookingTotal, extrasByTraveller, payLabel, paymentSummary } from '../../lib/payment'
import { PayCountdown } from '../payment/pay-countdown'

interface PaymentStepProps {
  /** The booking just made: seats held (GDS, booked) or the fare recorded (LCC, quoted). */
  booking: Booking
  /** The quote's fare per passenger type. */
  breakdown: FareBreakdown[] | null | undefined
  /** The travellers' names on the page ("Adult 1 (lead passenger)"), in booking order. */
  travellers?: readonly string[]
}

/**
 * The fare page's last step once Book has answered: what each traveller's
 * fare comes to, the total, the time left to pay and the button that takes
 * the traveller to the gateway's checkout. The ticket follows the payment on
 * the server.
 */
export function PaymentStep({ booking, breakdown, travellers = [] }: PaymentStepProps) {
  const checkout = useCheckout(booking._id)
  const left = useTimeLeft(booking.payBy)
  const inRupees = booking.currency === 'INR'
  const summary = inRupees ? paymentSummary(breakdown, booking.price) : null
  return (
    <Stack gap="4" as="section" aria-labelledby="payment-heading">
      <Heading as="h2" size="lg" id="payment-heading">
        Payment
      </Heading>
      <Table.Root size="sm" variant="outline" data-testid="payment-summary">
        <Table.Caption>Amount per traveller</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Travellers</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Fare each</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {summary?.lines.map((line) => (
            <Table.Row key={line.label}>
              <Table.Cell>{line.label}</Table.Cell>
              <Table.Cell textAlign="end">{line.each === null ? '' : <Money paise={line.each} />}</Table.Cell>
              <Table.Cell textAlign="end">
                <Money paise={line.total} />
              </Table.Cell>
            </Table.Row>
          ))}
          {summary && summary.other > 0n ? (
            <Table.Row>
              <Table.Cell colSpan={2}>Other charges and fees</Table.Cell>
              <Table.Cell textAlign="end">
                <Money paise={summary.other} />
              </Table.Cell>
            </Table.Row>
          ) : null}
          {extrasByTraveller(booking).map(({ passenger, paise }) => (
            <Table.Row key={`extras-${passenger}`}>
              <Table.Cell colSpan={2}>
                Seats, meals and baggage · {travellers[passenger] ?? `Traveller ${passenger + 1}`}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money paise={paise} />
              </Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="semibold">
            <Table.Cell colSpan={2}>Total</Table.Cell>
            <Table.Cell textAlign="end">
              <Money amount={bookingTotal(booking)} currency={booking.currency} testId="payment-total" />
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      <Text color="fg.muted">Your ticket is issued as soon as the payment is through.</Text>
      <PayCountdown left={left} />
      {checkout.error ? <ErrorBanner message={checkout.error} /> : null}
      <Button
        colorPalette="terracotta"
        size="lg"
        alignSelf="start"
        onClick={checkout.pay}
        disabled={left === 0}
        loading={checkout.busy}
        loadingText="Taking you to payment…"
      >
        {payLabel(booking)}
      </Button>
    </Stack>
  )
}

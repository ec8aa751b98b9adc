import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Table } from '@chakra-ui/react/table'
import { Text } from '@chakra-ui/react/text'
import type { FlightResult } from '@/lib/api-types'
import { Money } from '@/components/ui/money'
import { parsePaise } from '@/lib/money'
import { ITINERARY } from '@/lib/first-screen'
import { formatDuration, formatLastTicketDate } from '../../lib/dates'
import { legLine, segmentFlight, segmentOperatedBy, segmentTimes } from '../../lib/fare-lines'
import { passengerLine, type FlightLeg } from '../../lib/results'

function Leg({ leg }: { leg: FlightLeg }) {
  return (
    <Stack gap="3" data-itinerary={ITINERARY.leg}>
      <Text fontWeight="semibold" data-itinerary={ITINERARY.legLine}>
        {legLine(leg)}
      </Text>
      {leg.segments.map((s, i) => (
        <Box
          key={`${s.flightNumber}-${i}`}
          borderLeftWidth="3px"
          borderColor="brand.border"
          ps="3"
          data-itinerary={ITINERARY.segment}
        >
          <Text data-itinerary={ITINERARY.flight}>{segmentFlight(s)}</Text>
          {s.operatedBy ? (
            <Text color="fg.muted" data-itinerary={ITINERARY.operatedBy}>
              {segmentOperatedBy(s)}
            </Text>
          ) : null}
          <Text data-itinerary={ITINERARY.times}>{segmentTimes(s)}</Text>
          <Text color="fg.muted" data-itinerary={ITINERARY.duration}>
            {formatDuration(s.durationMins)}
          </Text>
        </Box>
      ))}
    </Stack>
  )
}

/**
 * The itinerary of the chosen fare: legs, flights, times, codeshares, terminals and durations. Its
 * lines are marked (`data-itinerary`) for src/boot.ts, which writes them into the page rendered ahead
 * of time (src/app/first-screen.ts).
 */
export function ItinerarySummary({ legs }: { legs: readonly FlightLeg[] }) {
  return (
    <Stack gap="4" as="section" aria-labelledby="itinerary-heading">
      <Heading as="h2" size="lg" id="itinerary-heading">
        Itinerary
      </Heading>
      {legs.map((leg, i) => (
        <Leg key={i} leg={leg} />
      ))}
    </Stack>
  )
}

/**
 * What the passenger lines do not cover (the supplier's other charges and
 * service fees are in the published fare, not in its breakdown), and the
 * total, so that the table adds up to the price shown above it. Nothing when
 * an amount cannot be read or the fare is not in rupees.
 */
function ChargesRows({ result, currency }: { result: FlightResult; currency: string }) {
  const total = parsePaise(result.Fare.PublishedFare)
  if (total === null || currency !== 'INR') return null
  let lines = 0n
  for (const b of result.FareBreakdown ?? []) {
    const base = parsePaise(b.BaseFare)
    const tax = parsePaise(b.Tax)
    if (base === null || tax === null || (b.Currency && b.Currency !== 'INR')) return null
    lines += base + tax
  }
  const rest = total - lines
  return (
    <>
      {rest !== 0n ? (
        <Table.Row>
          <Table.Cell colSpan={3}>Other charges and fees</Table.Cell>
          <Table.Cell textAlign="end">
            <Money paise={rest} />
          </Table.Cell>
        </Table.Row>
      ) : null}
      <Table.Row fontWeight="semibold">
        <Table.Cell colSpan={3}>Total</Table.Cell>
        <Table.Cell textAlign="end">
          <Money paise={total} />
        </Table.Cell>
      </Table.Row>
    </>
  )
}

/** The price (PublishedFare), what each passenger type pays (all of that type together) and the fare's terms. */
export function PriceSummary({ result }: { result: FlightResult }) {
  const currency = result.Fare.Currency || 'INR'
  const lastTicket = formatLastTicketDate(result.LastTicketDate)
  return (
    <Stack gap="3" as="section" aria-labelledby="price-heading">
      <Heading as="h2" size="lg" id="price-heading">
        Price
      </Heading>
      <Text fontSize="2xl" fontWeight="bold" color="brand.fg">
        <Money amount={result.Fare.PublishedFare} currency={currency} testId="fare-price" />
      </Text>
      {result.FareBreakdown?.length ? (
        <Table.Root size="sm" variant="outline">
          <Table.Caption>Fare per passenger type</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Passenger</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Base fare</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Taxes</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.FareBreakdown.map((b) => {
              const base = parsePaise(b.BaseFare)
              const tax = parsePaise(b.Tax)
              const rowCurrency = b.Currency || currency
              return (
                <Table.Row key={b.PassengerType}>
                  <Table.Cell>{passengerLine(b.PassengerType, b.PassengerCount)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money amount={b.BaseFare} currency={rowCurrency} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Money amount={b.Tax} currency={rowCurrency} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {base !== null && tax !== null && rowCurrency === 'INR' ? <Money paise={base + tax} /> : ''}
                  </Table.Cell>
                </Table.Row>
              )
            })}
            <ChargesRows result={result} currency={currency} />
          </Table.Body>
        </Table.Root>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={result.IsRefundable ? 'green' : 'gray'}>
          {result.IsRefundable ? 'Refundable' : 'Non-refundable'}
        </Badge>
        <Badge colorPalette="brand">{result.IsLCC ? 'Low-cost carrier (LCC)' : 'Full-service (GDS)'}</Badge>
      </HStack>
      <Flex direction="column" gap="1">
        {lastTicket ? <Text>Last ticket date: {lastTicket}</Text> : null}
      </Flex>
    </Stack>
  )
}

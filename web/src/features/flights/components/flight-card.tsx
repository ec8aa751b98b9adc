import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { Money } from '@/components/ui/money'
import type { AirlineNames } from '../lib/airports'
import { daysBetween, formatDuration, formatLastTicketDate } from '../lib/dates'
import type { FlightLeg, ListFlight } from '../lib/results'

export function stopsLabel(stops: number): string {
  if (stops <= 0) return 'Non-stop'
  return stops === 1 ? '1 stop' : `${stops} stops`
}

/** "IndiGo 6E 101": the airline and flight a card is about, for button names. */
export function flightName(flight: ListFlight): string {
  return `${flight.airlineName || flight.airlineCode} ${flight.airlineCode} ${flight.flightNumber}`.trim()
}

/** "+1" after an arrival time on a later day, read out as "next day". */
function LaterDay({ days }: { days: number }) {
  if (days <= 0) return null
  return (
    <Text as="sup" fontSize="xs" color="fg.error" ms="0.5">
      <span aria-hidden="true">+{days}</span>
      <chakra.span srOnly>{days === 1 ? ', next day' : `, ${days} days later`}</chakra.span>
    </Text>
  )
}

function LegRow({ leg, label }: { leg: FlightLeg; label?: string }) {
  return (
    <Flex gap={{ base: '3', md: '6' }} align="center" wrap="wrap">
      {label ? (
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" minW="16">
          {label}
        </Text>
      ) : null}
      <Stack gap="0">
        <Text fontSize="lg" fontWeight="bold" data-testid="depart">
          {leg.departTime}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {leg.origin}
        </Text>
      </Stack>
      <Stack gap="0" align="center" minW="24">
        <Text fontSize="sm">{formatDuration(leg.durationMins)}</Text>
        <Text fontSize="xs" color="fg.muted" data-testid="stops">
          {stopsLabel(leg.stops)}
        </Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="lg" fontWeight="bold" data-testid="arrive">
          {leg.arriveTime}
          <LaterDay days={daysBetween(leg.departure, leg.arrival)} />
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {leg.destination}
        </Text>
      </Stack>
    </Flex>
  )
}

/** A card's 'Select' button, named for its flight ("Select IndiGo 6E 101"). */
export function SelectFlightButton({ flight, onSelect }: { flight: ListFlight; onSelect: () => void }) {
  return (
    <Button
      size="sm"
      bg="accent.solid"
      color="accent.contrast"
      _hover={{ bg: 'accent.hover' }}
      aria-label={`Select ${flightName(flight)}`}
      onClick={onSelect}
    >
      Select
    </Button>
  )
}

interface FlightCardProps {
  flight: ListFlight
  airlineNames: AirlineNames
  /** The card's buttons (Select, View prices). */
  actions: ReactNode
  /** Shown under the card's main line (fare details, when opened). */
  children?: ReactNode
}

/**
 * One flight: airline and flight number, times, duration, stops, the
 * operating carrier of a codeshare, the last day to ticket, and the all-in
 * price. A result with a return leg (an international round trip) shows both.
 */
export function FlightCard({ flight, airlineNames, actions, children }: FlightCardProps) {
  const lastTicket = formatLastTicketDate(flight.lastTicketDate)
  const operator = flight.operatedBy ? (airlineNames[flight.operatedBy.toUpperCase()] ?? flight.operatedBy) : ''
  const twoWays = flight.legs.length > 1
  return (
    <Card.Root variant="outline" bg="bg.card" data-testid="flight-card">
      <Card.Body p={{ base: '3', md: '4' }} gap="3">
        <Flex gap="4" justify="space-between" align={{ base: 'stretch', md: 'center' }} wrap="wrap">
          <Stack gap="1" minW="40">
            <Text fontWeight="semibold">
              {flight.airlineName || flight.airlineCode}{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                ({flight.airlineCode})
              </Text>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {flight.airlineCode} {flight.flightNumber}
            </Text>
            {operator ? (
              <Text fontSize="xs" color="fg.muted">
                Operated by {operator}
              </Text>
            ) : null}
          </Stack>
          <Stack gap="2" flex="1" minW="60">
            {twoWays ? (
              flight.legs.map((leg, i) => (
                <LegRow key={`${leg.origin}-${leg.departure}`} leg={leg} label={i === 0 ? 'Outbound' : 'Return'} />
              ))
            ) : flight.legs[0] ? (
              <LegRow leg={flight.legs[0]} />
            ) : null}
          </Stack>
          <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }}>
            <Text fontSize="xl" fontWeight="bold" color="brand.fg">
              <Money amount={flight.price} currency={flight.currency} testId="price" />
            </Text>
            <HStack gap="2" justify="flex-end" wrap="wrap">
              {actions}
            </HStack>
          </Stack>
        </Flex>
        <HStack gap="2" wrap="wrap">
          {flight.isLCC ? (
            <Badge variant="subtle" colorPalette="gray">
              Low-cost
            </Badge>
          ) : null}
          {lastTicket ? (
            <Text fontSize="xs" color="fg.muted">
              Last ticket date: {lastTicket}
            </Text>
          ) : null}
        </HStack>
        {children ? <Box>{children}</Box> : null}
      </Card.Body>
    </Card.Root>
  )
}

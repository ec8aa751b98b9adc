import { chakra, defineStyle } from '@chakra-ui/react/styled-system'
import { badgeRecipe, buttonRecipe } from '@/theme'
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
    <sup data-card-part="later-day">
      <span aria-hidden="true">+{days}</span>
      <span data-card-part="sr-only">{days === 1 ? ', next day' : `, ${days} days later`}</span>
    </sup>
  )
}

function LegRow({ leg, label }: { leg: FlightLeg; label?: string }) {
  return (
    <div data-card-part="leg">
      {label ? <p data-card-part="leg-label">{label}</p> : null}
      <div data-card-part="column">
        <p data-card-part="time" data-testid="depart">
          {leg.departTime}
        </p>
        <p data-card-part="place">{leg.origin}</p>
      </div>
      <div data-card-part="column" data-align="center">
        <p data-card-part="duration">{formatDuration(leg.durationMins)}</p>
        <p data-card-part="place" data-testid="stops">
          {stopsLabel(leg.stops)}
        </p>
      </div>
      <div data-card-part="column">
        <p data-card-part="time" data-testid="arrive">
          {leg.arriveTime}
          <LaterDay days={daysBetween(leg.departure, leg.arrival)} />
        </p>
        <p data-card-part="place">{leg.destination}</p>
      </div>
    </div>
  )
}

/**
 * A card's 'Select' button, named for its flight ("Select IndiGo 6E 101"). A plain button that the
 * card styles (below): one per card on screen, rendered again with it on every filter's tap.
 */
export function SelectFlightButton({ flight, onSelect }: { flight: ListFlight; onSelect: () => void }) {
  return (
    <button type="button" data-card-part="select" aria-label={`Select ${flightName(flight)}`} onClick={onSelect}>
      Select
    </button>
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

// A results page shows a card for each flight near the screen and renders them
// all again when a filter changes. Style props would make each of a card's
// thirty elements work out its styles on every render; instead the card's one
// styled element carries the styles of its parts (its badge and Select button
// too), found by `data-card-part` (a name no library component uses), as
// Emotion's performance guide advises for components rendered many times.
const cardStyles = defineStyle({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  position: 'relative',
  minWidth: '0',
  overflowWrap: 'break-word',
  textAlign: 'start',
  color: 'fg',
  bg: 'bg.card',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l3',
  p: { base: '3', md: '4' },
  '& [data-card-part=main]': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: { base: '3', md: '4' },
    justifyContent: 'space-between',
    alignItems: { base: 'stretch', md: 'center' },
  },
  '& [data-card-part=airline]': { display: 'flex', flexDirection: 'column', gap: '1', minWidth: '40' },
  '& [data-card-part=airline-name]': { fontWeight: 'semibold' },
  '& [data-card-part=airline-code]': { color: 'fg.muted', fontWeight: 'normal' },
  '& [data-card-part=flight-number]': { fontSize: 'sm', color: 'fg.muted' },
  '& [data-card-part=operator]': { fontSize: 'xs', color: 'fg.muted' },
  '& [data-card-part=last-ticket]': { fontSize: 'xs', color: 'fg.muted' },
  '& [data-card-part=legs]': { display: 'flex', flexDirection: 'column', gap: '2', flex: '1', minWidth: '60' },
  '& [data-card-part=leg]': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { base: '3', md: '6' } },
  '& [data-card-part=leg-label]': {
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textTransform: 'uppercase',
    minWidth: '16',
  },
  '& [data-card-part=column]': { display: 'flex', flexDirection: 'column' },
  '& [data-card-part=column][data-align=center]': { alignItems: 'center', minWidth: '24' },
  '& [data-card-part=time]': { fontSize: 'lg', fontWeight: 'bold' },
  '& [data-card-part=place]': { fontSize: 'xs', color: 'fg.muted' },
  '& [data-card-part=duration]': { fontSize: 'sm' },
  '& [data-card-part=later-day]': { fontSize: 'xs', color: 'fg.error', marginStart: '0.5' },
  '& [data-card-part=sr-only]': { srOnly: true },
  // On a phone the price and the buttons share a row, so that two cards fit on the first screen.
  '& [data-card-part=fare]': {
    display: 'flex',
    flexDirection: { base: 'row', md: 'column' },
    flexWrap: 'wrap',
    flexGrow: { base: '1', md: '0' },
    gap: '2',
    justifyContent: 'space-between',
    alignItems: { base: 'center', md: 'flex-end' },
  },
  '& [data-card-part=price]': { fontSize: 'xl', fontWeight: 'bold', color: 'brand.fg' },
  '& [data-card-part=actions]': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    alignItems: 'center',
    justifyContent: 'flex-end',
  },
  '& [data-card-part=notes]': { display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' },
  // Chakra's small subtle badge and small solid button, from the theme's own recipes.
  '& [data-card-part=badge]': {
    ...badgeRecipe.base,
    ...badgeRecipe.variants?.size?.sm,
    ...badgeRecipe.variants?.variant?.subtle,
    colorPalette: 'gray',
  },
  '& [data-card-part=select]': {
    ...buttonRecipe.base,
    ...buttonRecipe.variants?.size?.sm,
    bg: 'accent.solid',
    color: 'accent.contrast',
    _hover: { bg: 'accent.hover' },
  },
})

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
    <chakra.div css={cardStyles} data-testid="flight-card">
      <div data-card-part="main">
        <div data-card-part="airline">
          <p data-card-part="airline-name">
            {flight.airlineName || flight.airlineCode} <span data-card-part="airline-code">({flight.airlineCode})</span>
          </p>
          <p data-card-part="flight-number">
            {flight.airlineCode} {flight.flightNumber}
          </p>
          {operator ? <p data-card-part="operator">Operated by {operator}</p> : null}
        </div>
        <div data-card-part="legs">
          {twoWays ? (
            flight.legs.map((leg, i) => (
              <LegRow key={`${leg.origin}-${leg.departure}`} leg={leg} label={i === 0 ? 'Outbound' : 'Return'} />
            ))
          ) : flight.legs[0] ? (
            <LegRow leg={flight.legs[0]} />
          ) : null}
        </div>
        <div data-card-part="fare">
          <p data-card-part="price">
            <Money amount={flight.price} currency={flight.currency} testId="price" />
          </p>
          <div data-card-part="actions">{actions}</div>
        </div>
      </div>
      <div data-card-part="notes">
        {flight.isLCC ? <span data-card-part="badge">Low-cost</span> : null}
        {lastTicket ? <p data-card-part="last-ticket">Last ticket date: {lastTicket}</p> : null}
      </div>
      {children ? <div>{children}</div> : null}
    </chakra.div>
  )
}

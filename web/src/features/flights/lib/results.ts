// A supplier search answer as the flight lists show it (spec 3, Flight
// result and list view flight). Everything a card, a filter or a sort needs
// is read once here, so that filtering thousands of results touches plain
// fields only.
import type { FlightResult, SearchDocument, Segment } from '@/lib/api-types'
import { parsePaise } from '@/lib/money'
import { clockOf } from './dates'
import type { Cabin } from './search-query'

/** One flight of a leg, for a card's detail. */
export interface FlightSegment {
  airlineCode: string
  airlineName: string
  flightNumber: string
  /** The carrier flying it when it is not the one selling it (a codeshare), else ''. */
  operatedBy: string
  origin: string
  destination: string
  departure: string
  arrival: string
  departTime: string
  arriveTime: string
  durationMins: number
  /** Minutes on the ground before this flight. */
  groundMins: number
  originTerminal: string
  destinationTerminal: string
  /** Checked-in and cabin allowance as the supplier words them ("15 KG", "7 KG"), when it says. */
  baggage?: string
  cabinBaggage?: string
}

/** One way of a result: the outbound journey, or the return of an international round trip. */
export interface FlightLeg {
  origin: string
  destination: string
  departure: string
  arrival: string
  departTime: string
  arriveTime: string
  durationMins: number
  stops: number
  segments: FlightSegment[]
}

export interface ListFlight {
  /** The supplier's ResultIndex, opaque: the flight id of spec 2.13. */
  id: string
  airlineCode: string
  airlineName: string
  flightNumber: string
  /** Operating carrier of the first flight when a codeshare, else ''. */
  operatedBy: string
  origin: string
  destination: string
  /** Local departure time as the supplier writes it, YYYY-MM-DDTHH:MM:SS. */
  departure: string
  arrival: string
  departTime: string
  arriveTime: string
  durationMins: number
  stops: number
  nonstop: boolean
  /** The published fare in paise (what the traveller pays); null when unreadable. */
  pricePaise: bigint | null
  /** The same as a number of paise, for sorting and filtering thousands quickly. */
  priceSort: number
  /** The published fare as the API sent it (exact decimal string). */
  price: string
  /** What the price is made of, as the API sent them (exact decimal strings). */
  baseFare?: string
  tax?: string
  currency: string
  cabin: Cabin
  isLCC: boolean
  refundable: boolean
  /** The supplier's LastTicketDate as it came (either form), or ''. */
  lastTicketDate: string
  legs: FlightLeg[]
}

/** A search answer: the trace id and its lists (outbound, then return for a domestic round trip). */
export interface SearchResults {
  traceId: string
  lists: ListFlight[][]
}

const CABIN_BY_CODE: Record<number, Cabin> = { 2: 'economy', 3: 'premium', 4: 'business', 6: 'first' }

/** A supplier's text field trimmed; '' for null or a missing one, so nothing ever reads "null". */
export function supplierText(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The supplier's passenger type codes (PaxType, PassengerType). */
export const PASSENGER_TYPES: Record<number, string> = { 1: 'Adult', 2: 'Child', 3: 'Infant' }

const PASSENGER_PLURALS: Record<number, string> = { 1: 'Adults', 2: 'Children', 3: 'Infants' }

/** A passenger type's line: "Adult × 1", "Adults × 2", "Child × 1", "Infants × 2". */
export function passengerLine(type: number, count: number): string {
  const name = (count === 1 ? PASSENGER_TYPES[type] : PASSENGER_PLURALS[type]) ?? `Type ${type}`
  return `${name} × ${count}`
}

export function segmentOf(s: Segment): FlightSegment {
  const code = supplierText(s.Airline.AirlineCode)
  const operating = supplierText(s.Airline.OperatingCarrier)
  return {
    airlineCode: code,
    airlineName: supplierText(s.Airline.AirlineName),
    flightNumber: supplierText(s.Airline.FlightNumber),
    operatedBy: operating && operating.toUpperCase() !== code.toUpperCase() ? operating : '',
    origin: supplierText(s.Origin.Airport.AirportCode),
    destination: supplierText(s.Destination.Airport.AirportCode),
    departure: supplierText(s.Origin.DepTime),
    arrival: supplierText(s.Destination.ArrTime),
    departTime: clockOf(s.Origin.DepTime),
    arriveTime: clockOf(s.Destination.ArrTime),
    durationMins: s.Duration ?? 0,
    groundMins: s.GroundTime ?? 0,
    originTerminal: supplierText(s.Origin.Airport.Terminal),
    destinationTerminal: supplierText(s.Destination.Airport.Terminal),
    baggage: supplierText(s.Baggage),
    cabinBaggage: supplierText(s.CabinBaggage),
  }
}

/**
 * A leg's total time: the last flight's AccumulatedDuration (minutes since
 * the first departure, which the supplier sends on connections), else the
 * flights' and the ground times' sum.
 */
function legDuration(segments: Segment[]): number {
  const last = segments[segments.length - 1]
  if (last?.AccumulatedDuration) return last.AccumulatedDuration
  return segments.reduce((sum, s, i) => sum + (s.Duration ?? 0) + (i > 0 ? (s.GroundTime ?? 0) : 0), 0)
}

function legOf(segments: Segment[]): FlightLeg | undefined {
  const first = segments[0]
  const last = segments[segments.length - 1]
  if (!first || !last) return undefined
  return {
    origin: supplierText(first.Origin.Airport.AirportCode),
    destination: supplierText(last.Destination.Airport.AirportCode),
    departure: supplierText(first.Origin.DepTime),
    arrival: supplierText(last.Destination.ArrTime),
    departTime: clockOf(first.Origin.DepTime),
    arriveTime: clockOf(last.Destination.ArrTime),
    durationMins: legDuration(segments),
    stops: segments.length - 1,
    segments: segments.map(segmentOf),
  }
}

/** One supplier result as a list flight; undefined when it has no flights to show. */
export function toListFlight(result: FlightResult): ListFlight | undefined {
  const legs = (result.Segments ?? []).map(legOf).filter((leg): leg is FlightLeg => leg !== undefined)
  const outbound = legs[0]
  const firstSegment = outbound?.segments[0]
  if (!outbound || !firstSegment) return undefined
  const price = supplierText(result.Fare.PublishedFare)
  const pricePaise = parsePaise(price)
  const cabinCode = result.Segments[0]?.[0]?.CabinClass ?? 2
  return {
    id: result.ResultIndex,
    airlineCode: firstSegment.airlineCode || supplierText(result.AirlineCode),
    airlineName: firstSegment.airlineName,
    flightNumber: firstSegment.flightNumber,
    operatedBy: firstSegment.operatedBy,
    origin: outbound.origin,
    destination: outbound.destination,
    departure: outbound.departure,
    arrival: outbound.arrival,
    departTime: outbound.departTime,
    arriveTime: outbound.arriveTime,
    durationMins: outbound.durationMins,
    stops: outbound.stops,
    nonstop: outbound.stops === 0,
    pricePaise,
    priceSort: pricePaise === null ? Number.POSITIVE_INFINITY : Number(pricePaise),
    price,
    baseFare: supplierText(result.Fare.BaseFare),
    tax: supplierText(result.Fare.Tax),
    currency: supplierText(result.Fare.Currency) || 'INR',
    cabin: CABIN_BY_CODE[cabinCode] ?? 'economy',
    isLCC: result.IsLCC,
    refundable: result.IsRefundable ?? false,
    lastTicketDate: supplierText(result.LastTicketDate),
    legs,
  }
}

/** Reads a search answer: its trace id (data.Response.TraceId, or data.TraceId) and its lists. */
export function toSearchResults(doc: SearchDocument): SearchResults {
  const response = doc.Response
  const traceId = supplierText(response.TraceId) || supplierText((doc as { TraceId?: string }).TraceId)
  const lists = (response.Results ?? []).map((list) =>
    (list ?? []).map(toListFlight).filter((f): f is ListFlight => f !== undefined),
  )
  return { traceId, lists }
}

/** The lowest price of a list in paise, or null when none is known. */
export function lowestPrice(flights: readonly ListFlight[]): bigint | null {
  let low: bigint | null = null
  for (const f of flights) {
    if (f.pricePaise !== null && (low === null || f.pricePaise < low)) low = f.pricePaise
  }
  return low
}

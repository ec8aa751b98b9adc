// The supplier's itinerary of a booking (GetBookingDetails) as the booking
// page shows it. Every text is read once here, so that a null the supplier
// sends never reaches the page as "null".
import type { BookingDetailsDocument } from '@/lib/api-types'
import { formatLastTicketDate } from './dates'
import { segmentOf, type FlightSegment } from './results'

type Itinerary = NonNullable<BookingDetailsDocument['Response']['FlightItinerary']>
type ItineraryPassenger = NonNullable<Itinerary['Passenger']>[number]

export interface TicketedPassenger {
  name: string
  /** Adult, Child or Infant; '' when the supplier's type is unknown. */
  type: string
  /** '' until the ticket is issued. */
  ticketNumber: string
}

export interface ItineraryView {
  pnr: string
  bookingId: number
  /** For people ("Tue, 1 Dec 2026"), '' when the supplier gave none. */
  lastTicketDate: string
  passengers: TicketedPassenger[]
  segments: FlightSegment[]
}

const PAX_TYPES: Record<number, string> = { 1: 'Adult', 2: 'Child', 3: 'Infant' }

function text(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : ''
}

function passengerOf(p: ItineraryPassenger): TicketedPassenger {
  return {
    name: [p.Title, p.FirstName, p.LastName].map(text).filter(Boolean).join(' '),
    type: PAX_TYPES[p.PaxType ?? 0] ?? '',
    ticketNumber: text(p.Ticket?.TicketNumber),
  }
}

/** The itinerary of a booking details answer, or undefined when the supplier sent none. */
export function toItineraryView(doc: BookingDetailsDocument): ItineraryView | undefined {
  const it = doc.Response.FlightItinerary
  if (!it) return undefined
  return {
    pnr: text(it.PNR),
    bookingId: it.BookingId,
    lastTicketDate: formatLastTicketDate(it.LastTicketDate),
    passengers: (it.Passenger ?? []).map(passengerOf),
    segments: (it.Segments ?? []).map(segmentOf),
  }
}

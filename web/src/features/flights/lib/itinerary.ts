// The supplier's itinerary of a booking (GetBookingDetails) as the booking
// page shows it. Every text is read once here, so that a null the supplier
// sends never reaches the page as "null".
import type { BookingDetailsDocument } from '@/lib/api-types'
import { formatLastTicketDate } from './dates'
import { PASSENGER_TYPES, segmentOf, supplierText, type FlightSegment } from './results'

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

function passengerOf(p: ItineraryPassenger): TicketedPassenger {
  return {
    name: [p.Title, p.FirstName, p.LastName].map(supplierText).filter(Boolean).join(' '),
    type: PASSENGER_TYPES[p.PaxType ?? 0] ?? '',
    ticketNumber: supplierText(p.Ticket?.TicketNumber),
  }
}

/** The itinerary of a booking details answer, or undefined when the supplier sent none. */
export function toItineraryView(doc: BookingDetailsDocument): ItineraryView | undefined {
  const it = doc.Response.FlightItinerary
  if (!it) return undefined
  return {
    pnr: supplierText(it.PNR),
    bookingId: it.BookingId,
    lastTicketDate: formatLastTicketDate(it.LastTicketDate),
    passengers: (it.Passenger ?? []).map(passengerOf),
    segments: (it.Segments ?? []).map(segmentOf),
  }
}

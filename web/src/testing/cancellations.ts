// A ticketed booking's tickets, cancellations, charges and documents for web
// tests, shaped as the API sends them (amounts as strings, timestamps in UTC).
import { BOOKING_ID, bookingRecord, paidPayment } from './payments'
import type {
  Booking,
  BookingDetailsDocument,
  BookingWithPayments,
  Cancellation,
  CancelQuote,
  CancelTicket,
  TripDocument,
} from './wire'

/** Two adults, paid by UPI and ticketed, BOM → DEL. */
export function ticketedBooking(over: Partial<Booking> = {}): Booking {
  return bookingRecord({
    status: 'ticketed',
    isLCC: false,
    price: '10240.5',
    paid: '10240.5',
    amountDue: '0',
    payBy: undefined,
    ...over,
  })
}

export const RAVI: CancelTicket = {
  passenger: 0,
  ticketId: 9101,
  ticketNumber: '0981234567890',
  name: 'Mr Ravi Kumar',
  type: 'adult',
  state: 'ticketed',
}

export const ASHA: CancelTicket = {
  passenger: 1,
  ticketId: 9102,
  ticketNumber: '0981234567891',
  name: 'Ms Asha Rao',
  type: 'adult',
  state: 'ticketed',
}

export const MIRA: CancelTicket = {
  passenger: 2,
  ticketId: 9103,
  ticketNumber: '0981234567892',
  name: 'Miss Mira Kumar',
  type: 'infant',
  state: 'ticketed',
}

/** A ticket as a quote or the booking's tickets list it (no state in a quote). */
export function quoted({ passenger, ticketId, ticketNumber, name, type }: CancelTicket): CancelTicket {
  return { passenger, ticketId, ticketNumber, name, type }
}

export function quote(over: Partial<CancelQuote> = {}): CancelQuote {
  return {
    whole: false,
    tickets: [quoted(ASHA)],
    charge: '3000',
    fee: '0',
    refund: '5120.5',
    currency: 'INR',
    refundTo: 'UPI',
    refundDays: 7,
    ...over,
  }
}

export function cancellation(over: Partial<Cancellation> = {}): Cancellation {
  return {
    _id: '5b0e1c3a-7d2f-4e61-9a8b-0c1d2e3f4a5b',
    status: 'requested',
    statusText: 'Cancellation requested',
    whole: false,
    tickets: [
      {
        ticketId: ASHA.ticketId,
        passenger: ASHA.passenger,
        name: ASHA.name,
        ticketNumber: ASHA.ticketNumber,
        status: 'Requested',
      },
    ],
    currency: 'INR',
    quotedCharge: '3000',
    quotedRefund: '5120.5',
    fee: '0',
    createdAt: new Date().toISOString(),
    ...over,
  }
}

export const DOCUMENTS: TripDocument[] = [
  { kind: 'e-ticket', title: 'E-ticket', href: `/api/v1/me/bookings/${BOOKING_ID}/documents/e-ticket` },
  { kind: 'invoice', title: 'GST invoice', href: `/api/v1/me/bookings/${BOOKING_ID}/documents/invoice` },
]

/** The booking as GET /api/v1/me/bookings/{id} answers it, paid by UPI and ticketed. */
export function tripData(over: Partial<BookingWithPayments> = {}): BookingWithPayments {
  return {
    booking: ticketedBooking(),
    payments: [paidPayment({ amount: '10240.5' })],
    refunds: [],
    tickets: [RAVI, ASHA],
    cancellations: [],
    documents: DOCUMENTS,
    ...over,
  }
}

/** The supplier's itinerary of the booking: its travellers, ticketed, on AI-865. */
export function tripDetails(tickets: CancelTicket[] = [RAVI, ASHA]): { ok: true; data: BookingDetailsDocument } {
  return {
    ok: true,
    data: {
      Response: {
        ResponseStatus: 1,
        TraceId: 't1',
        FlightItinerary: {
          BookingId: 4711,
          PNR: 'ABC123',
          LastTicketDate: null,
          AirlineRemark: null,
          Passenger: tickets.map((t) => {
            const [title = '', first = '', last = ''] = t.name.split(' ')
            return {
              Title: title,
              FirstName: first.toUpperCase(),
              LastName: last.toUpperCase(),
              PaxType: { adult: 1, child: 2, infant: 3 }[t.type],
              Ticket: { TicketId: t.ticketId, TicketNumber: t.ticketNumber, ValidatingAirline: 'AI' },
            }
          }),
          Segments: [
            {
              Airline: { AirlineCode: 'AI', AirlineName: 'Air India', FlightNumber: '865' },
              Origin: { Airport: { AirportCode: 'BOM' }, DepTime: '2027-01-15T06:05:00' },
              Destination: { Airport: { AirportCode: 'DEL' }, ArrTime: '2027-01-15T08:15:00' },
              Remark: null,
              StopPointArrivalTime: null,
            },
          ],
          Invoice: null,
        },
      },
    },
  }
}

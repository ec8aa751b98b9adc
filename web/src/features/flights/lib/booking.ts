// Reading book, ticket and booking-details answers for the fare page.
import { ApiError } from '@/lib/api-client'
import type { BookingDetailsDocument, BookingDocument, BookingOutcome, Fare } from '@/lib/api-types'

export interface BookingRef {
  bookingId: number | undefined
  pnr: string
}

type Inner = NonNullable<BookingDocument['Response']['Response']>

function inner(doc: BookingDocument | undefined): Inner | undefined {
  const response = doc?.Response
  if (!response) return undefined
  return response.Response ?? (response as unknown as Inner)
}

/**
 * BookingId and PNR of an answer (spec 7): from data.Response.Response, or
 * data.Response, else from our booking record.
 */
export function bookingRefOf(outcome: BookingOutcome | undefined): BookingRef {
  const r = inner(outcome?.data)
  const bookingId = r?.BookingId || outcome?.booking.bookingId || undefined
  const pnr = r?.PNR || outcome?.booking.pnr || ''
  return { bookingId, pnr }
}

/** The fare an answer carries: a Book or Ticket document's itinerary fare, or a quote's. */
export function fareOfDocument(doc: unknown): Fare | undefined {
  const response = (doc as { Response?: Record<string, unknown> } | undefined)?.Response
  if (!response) return undefined
  const booked = inner(doc as BookingDocument)?.FlightItinerary?.Fare
  if (booked) return booked
  const quoted = (response.Results as { Fare?: Fare } | undefined)?.Fare
  return quoted ?? undefined
}

/** Old and new price of a fare that changed, as exact decimal strings. */
export interface PriceChange {
  step: 'quote' | 'book' | 'ticket'
  /** The price before, '' when not known. */
  oldPrice: string
  newPrice: string
  currency: string
}

/**
 * The price change a refused book or ticket carried (409 price_changed): our
 * booking's price is the fare before, the supplier document's the new one.
 */
export function priceChangeOf(outcome: BookingOutcome, step: 'book' | 'ticket'): PriceChange {
  const fare = fareOfDocument(outcome.data)
  return {
    step,
    oldPrice: outcome.booking.price,
    newPrice: fare?.PublishedFare ?? '',
    currency: fare?.Currency || outcome.booking.currency || 'INR',
  }
}

/** The booking outcome an API failure carried, when it carried one (book and ticket refusals). */
export function outcomeOf(err: unknown): BookingOutcome | undefined {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return undefined
  const body = err.body as Partial<BookingOutcome>
  return body.booking && typeof body.booking === 'object' ? (body as BookingOutcome) : undefined
}

/** Whether the API said the supplier's search (its TraceId) has expired. */
export function isSessionExpired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false
  const detail = (error.body as { detail?: unknown } | undefined)?.detail
  return /expired/i.test(`${error.message} ${typeof detail === 'string' ? detail : ''}`)
}

/** A 'PT-' agent reference with a timestamp (spec 7), unique to the attempt. */
export function agentReference(now = Date.now(), random = Math.random): string {
  const tag = Math.floor(random() * 36 ** 6)
    .toString(36)
    .toUpperCase()
    .padStart(6, '0')
  return `PT-${tag}-${now}`
}

/** Ticket numbers in booking details: each passenger's name and ticket, where issued. */
export function ticketsOf(details: BookingDetailsDocument | undefined): { name: string; ticket: string }[] {
  const passengers = details?.Response.FlightItinerary?.Passenger ?? []
  return passengers.map((p) => ({
    name: [p.Title, p.FirstName, p.LastName].filter(Boolean).join(' '),
    ticket: p.Ticket?.TicketNumber ?? '',
  }))
}

import type { Booking, BookingStatus } from './api-types'

/**
 * A booking's status in words: a badge's colour alone must not carry it
 * (WCAG 1.4.1), and "unknown" to a traveller means we are still asking the
 * airline, not that the booking is lost.
 */
const LABELS: Record<BookingStatus, string> = {
  quoted: 'Not booked yet',
  booking: 'Booking in progress',
  booked: 'Booked',
  ticketing: 'Issuing ticket',
  ticketed: 'Ticketed',
  failed: 'Failed',
  unknown: 'Confirming with airline',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

const PALETTES: Record<BookingStatus, string> = {
  quoted: 'gray',
  booking: 'orange',
  booked: 'blue',
  ticketing: 'orange',
  ticketed: 'green',
  failed: 'red',
  unknown: 'orange',
  expired: 'gray',
  cancelled: 'gray',
}

// A tab opened before a release may be sent a status added since: it has no
// entry in these tables (Object.hasOwn, not `in`, so that "toString" is none).

/** The words for a status; a status this app does not know yet reads as the airline being asked. */
function bookingStatusLabel(status: BookingStatus): string {
  return Object.hasOwn(LABELS, status) ? LABELS[status] : LABELS.unknown
}

/** The badge colour palette for a status. */
function bookingStatusPalette(status: BookingStatus): string {
  return Object.hasOwn(PALETTES, status) ? PALETTES[status] : 'gray'
}

type Cancellation = NonNullable<Booking['cancellation']>

const CANCELLATION_LABELS: Record<Cancellation, string> = {
  cancelling: 'Cancellation in progress',
  partly_cancelled: 'Partly cancelled',
  cancelled: 'Cancelled',
}

const CANCELLATION_PALETTES: Record<Cancellation, string> = {
  cancelling: 'orange',
  partly_cancelled: 'blue',
  cancelled: 'gray',
}

/**
 * A trip's state in words: its status, or for a ticketed booking what its
 * cancellations left (the booking itself stays ticketed).
 */
export function tripStatusLabel(booking: Pick<Booking, 'status' | 'cancellation'>): string {
  const c = booking.cancellation
  return c && Object.hasOwn(CANCELLATION_LABELS, c) ? CANCELLATION_LABELS[c] : bookingStatusLabel(booking.status)
}

/** The badge colour palette for a trip's state (tripStatusLabel). */
export function tripStatusPalette(booking: Pick<Booking, 'status' | 'cancellation'>): string {
  const c = booking.cancellation
  return c && Object.hasOwn(CANCELLATION_PALETTES, c) ? CANCELLATION_PALETTES[c] : bookingStatusPalette(booking.status)
}

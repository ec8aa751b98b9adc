import type { BookingStatus } from './api-types'

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
export function bookingStatusLabel(status: BookingStatus): string {
  return Object.hasOwn(LABELS, status) ? LABELS[status] : LABELS.unknown
}

/** The badge colour palette for a status. */
export function bookingStatusPalette(status: BookingStatus): string {
  return Object.hasOwn(PALETTES, status) ? PALETTES[status] : 'gray'
}

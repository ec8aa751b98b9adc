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

function isStatus(status: string): status is BookingStatus {
  return Object.hasOwn(LABELS, status)
}

/** The words for a status; a status this app does not know yet reads as the airline being asked. */
export function bookingStatusLabel(status: string): string {
  return isStatus(status) ? LABELS[status] : LABELS.unknown
}

/** The badge colour palette for a status. */
export function bookingStatusPalette(status: string): string {
  return isStatus(status) ? PALETTES[status] : 'gray'
}

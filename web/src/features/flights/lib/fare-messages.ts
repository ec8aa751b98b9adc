// The fare page's messages (spec 8), word for word.
import { ApiError } from '@/lib/api-client'

export const FARE_MESSAGES = {
  loadFailed: 'Failed to load fare.',
  rulesTimeout: 'Failed to load fare rules (timeout).',
  noRules: 'No rules received.',
  bookingFailed: 'Booking failed.',
  ticketingFailed: 'Ticketing failed from supplier side.',
  refreshFailed: 'Could not refresh booking details.',
  noBookingToTicket: 'No BookingId to ticket.',
  noTraceForTicket: 'Missing traceId for ticketing.',
  noBookingToRefresh: 'No BookingId to refresh.',
  ticketed: 'Ticket issued successfully.',
} as const

/** What the API said about a failure (its message, or a timeout's), else the step's own words. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.message
    const body = error.body as { message?: unknown; detail?: unknown } | undefined
    if (body && typeof body === 'object' && (typeof body.message === 'string' || typeof body.detail === 'string')) {
      return error.message
    }
    return fallback
  }
  if (error instanceof Error && error.message && !(error instanceof TypeError)) return error.message
  return fallback
}

/** Whether a failure was a timeout (the browser's or the supplier's). */
export function isTimeout(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 504)
}

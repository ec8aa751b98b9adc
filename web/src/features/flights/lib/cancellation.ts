// Cancelling a ticketed booking as My Trips shows it: which tickets may
// still be cancelled, where a cancellation stands, the amounts to show of
// it, and how often the page asks again while the airline works.
import type { BookingWithPayments, Cancellation, CancelQuote, CancelTicket } from '@/lib/api-types'

/** How often the trip page reads the booking again while a cancellation is open, and later on. */
export const CANCELLATION_POLL_MS = 3_000
export const CANCELLATION_SLOW_POLL_MS = 30_000
/** How long after a cancellation is made the page asks every few seconds; airlines may take days after that. */
export const CANCELLATION_FAST_FOR_MS = 10 * 60_000

const OPEN: Record<Cancellation['status'], boolean> = {
  requested: true,
  sending: true,
  with_airline: true,
  cancelled: false,
  refused: false,
}

/** Whether the airline has still to have its last word; a status this app does not know yet counts as open. */
export function isCancellationOpen(c: Cancellation): boolean {
  return Object.hasOwn(OPEN, c.status) ? OPEN[c.status] : true
}

/** The tickets that may still be cancelled: neither cancelled nor being cancelled. */
export function heldTickets(data: BookingWithPayments): CancelTicket[] {
  if (data.booking.status !== 'ticketed') return []
  return (data.tickets ?? []).filter((t) => t.state === 'ticketed')
}

/**
 * How soon the trip page reads the booking again: every few seconds while a
 * cancellation made in the last minutes is open, every half minute while an
 * older one is, not at all when none is.
 */
export function cancellationPollMs(data: BookingWithPayments | undefined, now: number): number | false {
  const open = (data?.cancellations ?? []).filter(isCancellationOpen)
  if (open.length === 0) return false
  const recent = open.some((c) => !(now - Date.parse(c.createdAt) > CANCELLATION_FAST_FOR_MS))
  return recent ? CANCELLATION_POLL_MS : CANCELLATION_SLOW_POLL_MS
}

const TYPES: Record<string, string> = { adult: 'Adult', child: 'Child', infant: 'Infant' }

/** A ticket's passenger type for people: "Adult"; one this app does not know as the API wrote it. */
export function ticketTypeLabel(type: CancelTicket['type']): string {
  return Object.hasOwn(TYPES, type) ? (TYPES[type] ?? type) : type
}

/** "Mr Ravi Kumar (Adult)". */
export function travellerName(t: CancelTicket): string {
  const type = ticketTypeLabel(t.type)
  return type ? `${t.name} (${type})` : t.name
}

/** "your UPI", "your card", "the original payment method". */
function refundPlace(refundTo: string): string {
  const to = refundTo.trim()
  if (!to) return 'the original payment method'
  return /^(the|your)\b/i.test(to) ? to : `your ${to}`
}

export const NO_REFUND = 'No refund is due: the charges take all that was paid.'

/** Where a quoted refund goes and how soon, after its amount: "to your UPI within 7 days". */
export function refundWhere(quote: CancelQuote): string {
  const days = quote.refundDays === 1 ? '1 day' : `${quote.refundDays} days`
  return `to ${refundPlace(quote.refundTo)}${quote.refundDays > 0 ? ` within ${days}` : ''}`
}

/** The id of a cancellation's status line, where focus goes once it is made. */
export function cancellationStatusId(id: string): string {
  return `cancellation-status-${id}`
}

/** The amounts of a cancellation to show: the final ones once the airline has had its last word, else those quoted. */
export function cancellationAmounts(c: Cancellation): { final: boolean; charge: string; refund: string } {
  if (c.status === 'cancelled' && c.charge !== undefined && c.refundDue !== undefined) {
    return { final: true, charge: c.charge, refund: c.refundDue }
  }
  return { final: false, charge: c.quotedCharge, refund: c.quotedRefund }
}

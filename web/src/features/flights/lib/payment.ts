// Paying for a booking: what the fare page shows before the traveller pays,
// and where a booking stands once they come back from the gateway.
import type { Booking, BookingStatus, BookingWithPayments, FareBreakdown, Payment, RefundStatus } from '@/lib/api-types'
import { formatMoney, parsePaise, toAmount } from '@/lib/money'
import { passengerLine } from './results'

export const PAYMENT_MESSAGES = {
  unavailable: 'Payments are unavailable just now. Please try again in a minute.',
  windowOver: 'The time to pay for this booking is over. Please search again.',
  cancelFailed: 'The booking could not be cancelled. Please try again.',
  issuing: 'Payment received, issuing your ticket…',
  ticketed: 'Ticket issued successfully.',
  noMoneyTaken: 'No money was taken.',
  left: 'You left the payment page before paying.',
  unverified:
    'We could not confirm this payment yet. If money left your account, we will issue your ticket or refund it automatically.',
  expired: 'The time to pay ran out, so the booking was released.',
  confirming: 'We are confirming this booking with the airline.',
  awaiting: 'Your seats are held until you pay.',
  cancelled: 'This booking was cancelled.',
  failed: 'We could not issue your ticket.',
  tooLong: 'This is taking longer than usual. We will e-mail you, and My Trips will show the outcome.',
  notFound: 'No such booking.',
} as const

/** What the gateway's return to the booking page says (`?payment=`). */
export type PaymentReturn = 'paid' | 'failed' | 'cancelled' | 'unverified'

const RETURNS: readonly PaymentReturn[] = ['paid', 'failed', 'cancelled', 'unverified']

export function readPaymentReturn(value: string | null): PaymentReturn | undefined {
  return RETURNS.find((r) => r === value)
}

function paise(amount: string | undefined): bigint {
  return (amount === undefined ? null : parsePaise(amount)) ?? 0n
}

/** Whether an amount from the API is more than nothing. */
export function isPositive(amount: string | undefined): amount is string {
  return paise(amount) > 0n
}

/** One passenger type's share of the price: `count` travellers at `each` (when it divides into paise). */
export interface PaymentLine {
  label: string
  count: number
  each: bigint | null
  total: bigint
}

export interface PaymentSummary {
  lines: PaymentLine[]
  /** What the passenger lines leave out of the price (other charges and fees). */
  other: bigint
  total: bigint
}

/**
 * The booking's price told per passenger type from the quote's breakdown
 * (each line is every traveller of that type together, as the supplier sends
 * it), and what the lines leave out. Only the total when the breakdown cannot
 * be read, is not in rupees, or does not fit the price (it was quoted for
 * another fare).
 */
export function paymentSummary(breakdown: FareBreakdown[] | null | undefined, price: string): PaymentSummary | null {
  const total = parsePaise(price)
  if (total === null) return null
  const lines: PaymentLine[] = []
  let sum = 0n
  for (const b of breakdown ?? []) {
    const base = parsePaise(b.BaseFare)
    const tax = parsePaise(b.Tax)
    if (base === null || tax === null || (b.Currency && b.Currency !== 'INR') || b.PassengerCount < 1) {
      return { lines: [], other: 0n, total }
    }
    const line = base + tax
    const count = BigInt(b.PassengerCount)
    lines.push({
      label: passengerLine(b.PassengerType, b.PassengerCount),
      count: b.PassengerCount,
      each: line % count === 0n ? line / count : null,
      total: line,
    })
    sum += line
  }
  if (sum > total) return { lines: [], other: 0n, total }
  return { lines, other: lines.length ? total - sum : 0n, total }
}

/** What a booking costs in all: its fare and the seats, meals and baggage bought with it. */
export function bookingTotal(booking: Booking): string {
  return toAmount(paise(booking.price) + paise(booking.extrasPrice))
}

/** What each traveller's seats, meals and baggage cost, in paise, for those who bought any, in booking order. */
export function extrasByTraveller(booking: Booking): { passenger: number; paise: bigint }[] {
  const by = new Map<number, bigint>()
  for (const line of booking.extras) by.set(line.passenger, (by.get(line.passenger) ?? 0n) + paise(line.price))
  return [...by]
    .filter(([, p]) => p > 0n)
    .sort(([a], [b]) => a - b)
    .map(([passenger, p]) => ({ passenger, paise: p }))
}

/** Whether the airline moved the price of a booking's seats, meals and baggage at ticketing, and not its fare. */
export function onlyExtrasMoved(booking: Booking): boolean {
  return Boolean(booking.newExtrasPrice) && (!booking.newPrice || paise(booking.newPrice) === paise(booking.price))
}

/** What the airline asks now, after it moved the fare or the extras' price at ticketing, in a sentence. */
export function priceChangeText(booking: Booking): string {
  const money = (amount: string) => formatMoney(amount, booking.currency)
  const extras = booking.newExtrasPrice
  if (extras && onlyExtrasMoved(booking)) {
    return `The airline changed the price of the seats, meals and baggage chosen from ${money(booking.extrasPrice)} to ${money(extras)}.`
  }
  const fare = booking.newPrice
    ? `The airline's fare changed to ${money(booking.newPrice)}`
    : "The airline's fare changed"
  return extras ? `${fare}, and the seats, meals and baggage to ${money(extras)}.` : `${fare}.`
}

/** What the traveller pays now: what the booking still owes when the API says, else its total. */
export function amountToPay(booking: Booking): string {
  return paise(booking.amountDue) > 0n ? (booking.amountDue ?? booking.price) : bookingTotal(booking)
}

/** A "Pay ₹X" button's words. */
export function payLabel(booking: Booking): string {
  return `Pay ${formatMoney(amountToPay(booking), booking.currency)}`
}

/**
 * Where each status of our record puts a booking: still to pay for (recorded
 * or seats held), the airline still being asked, ticketed, or over. A status
 * added to the API fails the build here until it is placed.
 */
const STAGES = {
  quoted: 'payable',
  booked: 'payable',
  booking: 'inFlight',
  ticketing: 'inFlight',
  unknown: 'inFlight',
  ticketed: 'ticketed',
  failed: 'closed',
  cancelled: 'closed',
  expired: 'closed',
} as const satisfies Record<BookingStatus, 'payable' | 'inFlight' | 'ticketed' | 'closed'>

/** The statuses of a booking that is over: failed, cancelled or expired. */
export type ClosedStatus = { [S in BookingStatus]: (typeof STAGES)[S] extends 'closed' ? S : never }[BookingStatus]

export function isClosedStatus(status: BookingStatus): status is ClosedStatus {
  return STAGES[status] === 'closed'
}

/** Whether a book answer left a booking to pay for: recorded (LCC, quoted) or seats held (GDS, booked). */
export function awaitsPayment(booking: Booking | undefined): booking is Booking {
  if (!booking?._id || STAGES[booking.status] !== 'payable') return false
  return paise(booking.paid) === 0n || paise(booking.amountDue) > 0n
}

/** The newest order of a booking. */
export function latestPayment(payments: Payment[]): Payment | undefined {
  let latest: Payment | undefined
  for (const p of payments) {
    if (!latest || Date.parse(p.createdAt) >= Date.parse(latest.createdAt)) latest = p
  }
  return latest
}

/** Where a booking stands for the booking page, in the order its checks are made. */
export type BookingState =
  | 'ticketed'
  | 'closed'
  | 'priceChanged'
  | 'issuing'
  | 'confirming'
  | 'paymentFailed'
  | 'left'
  | 'unverified'
  | 'awaitingPayment'

/** Whether a refund is still on its way, so the booking page keeps asking. */
const REFUND_OPEN: Record<RefundStatus, boolean> = {
  requested: true,
  pending: true,
  processed: false,
  failed: false,
}

function isPaid(data: BookingWithPayments): boolean {
  return paise(data.booking.paid) > 0n || data.payments.some((p) => p.status === 'paid')
}

/**
 * The booking's state, from our record and what the gateway's return said:
 * the record wins over the return (a ticket issued is issued whatever the
 * address says), and the return over an older failed attempt on the order.
 */
export function bookingState(data: BookingWithPayments, ret: PaymentReturn | undefined): BookingState {
  const { booking } = data
  const stage = STAGES[booking.status]
  if (stage === 'ticketed') return 'ticketed'
  if (stage === 'closed') return 'closed'
  if (booking.priceChanged && paise(booking.amountDue) > 0n) return 'priceChanged'
  if (isPaid(data) || ret === 'paid') return 'issuing'
  if (stage === 'inFlight') return 'confirming'
  if (ret === 'failed') return 'paymentFailed'
  if (ret === 'cancelled') return 'left'
  if (ret === 'unverified') return 'unverified'
  if (latestPayment(data.payments)?.status === 'attempted') return 'paymentFailed'
  return 'awaitingPayment'
}

/**
 * Whether the outcome is still to come, so the page keeps asking: paid and
 * not ticketed, the airline still being asked, a payment not confirmed yet, or
 * a refund on its way.
 */
export function isOutcomeOpen(data: BookingWithPayments, ret: PaymentReturn | undefined): boolean {
  if (data.refunds.some((r) => REFUND_OPEN[r.status])) return true
  const state = bookingState(data, ret)
  return state === 'issuing' || state === 'confirming' || state === 'unverified'
}

/** "Your payment did not go through: {failure}." with the gateway's words, when it gave any. */
export function paymentFailedText(failure: string | undefined): string {
  const reason = failure?.trim().replace(/[.\s]+$/, '')
  return reason ? `Your payment did not go through: ${reason}.` : 'Your payment did not go through.'
}

const CLOSED_TEXTS: Record<ClosedStatus, string> = {
  failed: PAYMENT_MESSAGES.failed,
  cancelled: PAYMENT_MESSAGES.cancelled,
  expired: PAYMENT_MESSAGES.expired,
}

/** Why a booking ended: the API's reason, else the words for its status. */
export function closedText(booking: Booking): string {
  if (booking.failure) return booking.failure
  return isClosedStatus(booking.status) ? CLOSED_TEXTS[booking.status] : PAYMENT_MESSAGES.failed
}

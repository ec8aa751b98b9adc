import type { PaymentStatus, RefundStatus } from './api-types'

// Payments and refunds in words, for My Payments, a booking's page and My Trips
// alike: a badge's colour alone must not carry the status (WCAG 1.4.1).

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  created: 'Awaiting payment',
  // An order whose last attempt failed: nothing was taken.
  attempted: 'Failed',
  paid: 'Paid',
}

const PAYMENT_PALETTES: Record<PaymentStatus, string> = {
  created: 'orange',
  attempted: 'red',
  paid: 'green',
}

const REFUND_LABELS: Record<RefundStatus, string> = {
  requested: 'Refund requested',
  pending: 'Refund on its way',
  processed: 'Refunded',
  failed: 'Refund failed — we will contact you',
}

const REFUND_PALETTES: Record<RefundStatus, string> = {
  requested: 'orange',
  pending: 'orange',
  processed: 'green',
  failed: 'red',
}

const METHOD_LABELS: Record<string, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Net banking',
  wallet: 'Wallet',
}

// A tab opened before a release may be sent a status added since: it has no
// entry in these tables, and is shown as the API wrote it.

/** A payment's status for people; one this app does not know yet as the API wrote it. */
export function paymentStatusLabel(status: PaymentStatus): string {
  return Object.hasOwn(PAYMENT_LABELS, status) ? PAYMENT_LABELS[status] : status
}

export function paymentStatusPalette(status: PaymentStatus): string {
  return Object.hasOwn(PAYMENT_PALETTES, status) ? PAYMENT_PALETTES[status] : 'gray'
}

/** A refund's status for people; one this app does not know yet as the API wrote it. */
export function refundStatusLabel(status: RefundStatus): string {
  return Object.hasOwn(REFUND_LABELS, status) ? REFUND_LABELS[status] : status
}

export function refundStatusPalette(status: RefundStatus): string {
  return Object.hasOwn(REFUND_PALETTES, status) ? REFUND_PALETTES[status] : 'gray'
}

/** How a payment was made (UPI, Card, Net banking, Wallet); '' before anyone paid. */
export function paymentMethodLabel(method: string | undefined): string {
  if (!method) return ''
  return METHOD_LABELS[method.toLowerCase()] ?? method
}

import { api } from '@/lib/api-client'
import type { PaymentOrder } from '@/lib/api-types'
import { bookingPath } from './get-booking'

/**
 * Opens the order that pays a booking (POST /api/v1/me/bookings/{id}/payment):
 * what it still owes at the server's fare, never an amount from here. Refusals:
 * 409 not_payable, payment_window_over or already_paid; 429 too_many_payments;
 * 502 payment_unavailable.
 */
export function payBooking(id: string): Promise<PaymentOrder> {
  return api.post<PaymentOrder>(`${bookingPath(id)}/payment`)
}

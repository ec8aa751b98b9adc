import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { BookingWithPayments } from '@/lib/api-types'
import { bookingPath, bookingQueryKey } from './get-booking'

/**
 * Cancels a booking before its ticket (POST /api/v1/me/bookings/{id}/cancel):
 * a held seat is released and anything paid is refunded in full. 409
 * not_cancellable, or already_paid while the ticket is being issued.
 */
export function cancelBooking(id: string): Promise<BookingWithPayments> {
  return api.post<BookingWithPayments>(`${bookingPath(id)}/cancel`)
}

/** Cancels, and shows the booking as the answer has it (cancelled, with its refunds). */
export function useCancelBooking(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => cancelBooking(id),
    onSuccess: (data) => queryClient.setQueryData(bookingQueryKey(id), data),
  })
}

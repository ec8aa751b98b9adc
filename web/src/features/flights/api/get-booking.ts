import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import type { BookingWithPayments } from '@/lib/api-types'
import { cancellationPollMs } from '../lib/cancellation'

export function bookingPath(id: string): string {
  return `/api/v1/me/bookings/${encodeURIComponent(id)}`
}

/** One of the user's bookings: our record of it, its orders and its refunds (GET /api/v1/me/bookings/{id}). */
export function getBooking(id: string): Promise<BookingWithPayments> {
  return api.get<BookingWithPayments>(bookingPath(id))
}

export function bookingQueryKey(id: string) {
  return ['flights', 'booking', id] as const
}

export function bookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingQueryKey(id),
    queryFn: () => getBooking(id),
    staleTime: 0,
    // Another user's booking and an unknown one are both 404: asking again changes nothing.
    retry: (failures, err) => !(err instanceof ApiError && err.status === 404) && failures < 1,
  })
}

/** The booking for its page, read again every few seconds while a cancellation of it is with the airline. */
export function useBooking(id: string) {
  return useQuery({ ...bookingQueryOptions(id), refetchInterval: (q) => cancellationPollMs(q.state.data, Date.now()) })
}

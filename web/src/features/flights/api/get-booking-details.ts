import { queryOptions, useQuery } from '@tanstack/react-query'
import { getBookingDetails } from './flights-client'

/**
 * The supplier's itinerary of a booking (POST booking-details), loaded once
 * when the page opens; the page's refresh button asks again. Never retried on
 * its own: each call reaches the supplier.
 */
export function bookingDetailsQueryOptions(bookingId: number | undefined) {
  return queryOptions({
    queryKey: ['flights', 'booking-details', bookingId],
    queryFn: ({ signal }) => getBookingDetails(bookingId ?? 0, { signal }),
    enabled: bookingId !== undefined && bookingId !== 0,
    staleTime: Infinity,
    retry: false,
  })
}

export function useBookingDetails(bookingId: number | undefined) {
  return useQuery(bookingDetailsQueryOptions(bookingId))
}

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
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

/**
 * The fare page's booking details, asked for by the traveller (Refresh) or
 * right after a ticket: each ask is one supplier call, and the page shows what
 * that call answered. Kept out of the query cache: My Trips asks for its own.
 */
export function useRefreshBookingDetails() {
  return useMutation({ mutationFn: (bookingId: number) => getBookingDetails(bookingId) })
}

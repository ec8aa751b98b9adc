import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Booking } from '../types'

export const BOOKINGS_PATH = '/api/v1/me/bookings'

export async function getBookings(): Promise<Booking[]> {
  const { items } = await api.get<{ items: Booking[] }>(BOOKINGS_PATH)
  return items
}

export const bookingsQueryKey = ['account', 'bookings'] as const

export function bookingsQueryOptions() {
  return queryOptions({ queryKey: bookingsQueryKey, queryFn: getBookings, staleTime: 0 })
}

export function useBookings() {
  return useQuery(bookingsQueryOptions())
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MyPayments } from '../types'

export const PAYMENTS_PATH = '/api/v1/me/payments'

/** The user's newest orders with their trips, and their refunds, newest first. */
export function getPayments(): Promise<MyPayments> {
  return api.get<MyPayments>(PAYMENTS_PATH)
}

export const paymentsQueryKey = ['account', 'payments'] as const

export function paymentsQueryOptions() {
  return queryOptions({ queryKey: paymentsQueryKey, queryFn: getPayments, staleTime: 0 })
}

export function usePayments() {
  return useQuery(paymentsQueryOptions())
}

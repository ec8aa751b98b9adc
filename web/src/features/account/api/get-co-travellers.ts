import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CoTraveller } from '../types'

export const CO_TRAVELLERS_PATH = '/api/v1/me/co-travellers'

export function coTravellerPath(id: string): string {
  return `${CO_TRAVELLERS_PATH}/${encodeURIComponent(id)}`
}

export async function getCoTravellers(): Promise<CoTraveller[]> {
  const { items } = await api.get<{ items: CoTraveller[] }>(CO_TRAVELLERS_PATH)
  return items
}

export const coTravellersQueryKey = ['account', 'co-travellers'] as const

export function coTravellersQueryOptions() {
  return queryOptions({ queryKey: coTravellersQueryKey, queryFn: getCoTravellers, staleTime: 0 })
}

export function useCoTravellers() {
  return useQuery(coTravellersQueryOptions())
}

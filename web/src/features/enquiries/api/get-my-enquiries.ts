import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Enquiry } from '../types'

export const MY_ENQUIRIES_PATH = '/api/v1/me/enquiries'

/** The signed-in traveller's enquiries, newest first. */
export async function getMyEnquiries(): Promise<Enquiry[]> {
  const { items } = await api.get<{ items: Enquiry[] }>(MY_ENQUIRIES_PATH)
  return items
}

export const myEnquiriesQueryKey = ['enquiries', 'mine'] as const

export function myEnquiriesQueryOptions() {
  return queryOptions({ queryKey: myEnquiriesQueryKey, queryFn: getMyEnquiries, staleTime: 0 })
}

export function useMyEnquiries() {
  return useQuery(myEnquiriesQueryOptions())
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import type { Company } from '../types'

export const COMPANY_PATH = '/api/v1/me/company'

/** The API's answer for an account that is not a MyBiz account. */
export const NOT_BUSINESS = 'not_business'

export function isNotBusiness(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === NOT_BUSINESS
}

/** The MyBiz account's company; every field '' until one is saved. */
export async function getCompany(): Promise<Company> {
  const { company } = await api.get<{ company: Company }>(COMPANY_PATH)
  return company
}

export const companyQueryKey = ['account', 'company'] as const

export function companyQueryOptions() {
  return queryOptions({
    queryKey: companyQueryKey,
    queryFn: getCompany,
    staleTime: 0,
    // A personal account is refused for good; asking again changes nothing.
    retry: (failures, error) => !isNotBusiness(error) && failures < 1,
  })
}

/** The company, asked for only when the account is a MyBiz one (personal accounts have none). */
export function useCompany({ business }: { business: boolean }) {
  return useQuery({ ...companyQueryOptions(), enabled: business })
}

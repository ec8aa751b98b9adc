import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Company } from '../types'
import { COMPANY_PATH, companyQueryKey } from './get-company'

/**
 * Replaces the company's details and answers them as stored (GSTIN upper-cased,
 * text trimmed); a 400 names the field at fault (`field`, e.g. `company.gstin`).
 */
export async function saveCompany(company: Company): Promise<Company> {
  const body = await api.put<{ company: Company }>(COMPANY_PATH, { company })
  return body.company
}

export function useSaveCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey, company),
  })
}

import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const EMAIL_VERIFY_START_PATH = '/api/v1/auth/email/verify/start'
export const EMAIL_VERIFY_START_FALLBACK_PATH = '/api/auth/email/verify/start'

/** E-mails the user a verification link: the v1 path first, the older path when that fails (spec 7). */
export async function startEmailVerification(): Promise<void> {
  try {
    await api.post<unknown>(EMAIL_VERIFY_START_PATH)
  } catch {
    await api.post<unknown>(EMAIL_VERIFY_START_FALLBACK_PATH)
  }
}

export function useStartEmailVerification() {
  return useMutation({ mutationFn: startEmailVerification })
}

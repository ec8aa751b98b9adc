import { api } from '@/lib/api-client'

export const SSO_TICKET_PATH = '/api/v1/sso/ticket'
export const PROFILE_CHECK_PATH = '/api/v1/me/profile'

/** The partner the visa page signs travellers in to. */
export const VISA_AUDIENCE = 'visa'

/** Asks for a single-use sign-on ticket for the partner; the answer's URL carries it in its query. */
export async function requestSsoTicket(returnPath: string, signal?: AbortSignal): Promise<string> {
  const { redirectUrl } = await api.post<{ redirectUrl: string }>(
    SSO_TICKET_PATH,
    { aud: VISA_AUDIENCE, return: returnPath },
    { signal },
  )
  return redirectUrl
}

/** Whether the visitor is signed in, by the profile call (its answer is not read). */
export async function hasSession(signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get<unknown>(`${PROFILE_CHECK_PATH}?ts=${Date.now()}`, { signal })
    return true
  } catch {
    return false
  }
}

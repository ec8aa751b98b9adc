import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, NON_JSON_MESSAGE } from '@/lib/api-client'
import type { Enquiry, EnquiryInput } from '../types'
import { myEnquiriesQueryKey } from './get-my-enquiries'

export const ENQUIRIES_PATH = '/api/v1/enquiries'

/** A refused enquiry: the API's error, with how long to wait when it was a 429. */
export class EnquiryError extends ApiError {
  /** Seconds the API asked to wait before sending again (Retry-After), when it said. */
  readonly retryAfter?: number

  constructor(message: string, status: number, body: unknown, retryAfter?: number) {
    super(message, status, body)
    this.name = 'EnquiryError'
    this.retryAfter = retryAfter
  }
}

/** Retry-After in seconds (the API sends delta-seconds; an HTTP date is read too); undefined when absent. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number | undefined {
  if (!header) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000))
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown }
    if (typeof message === 'string' && message.trim()) return message
    if (typeof error === 'string' && error.trim()) return error
  }
  return `HTTP ${status}`
}

/**
 * Sends an enquiry; resolves to the stored enquiry with its reference. It
 * speaks the API as the general client does (cookies, JSON, the same error
 * wording) but reads the answer's Retry-After too, which the general client
 * does not expose: a traveller refused for sending too many is told when to
 * try again. A network failure rejects with the fetch's TypeError.
 */
export async function createEnquiry(input: EnquiryInput): Promise<Enquiry> {
  const res = await fetch(ENQUIRIES_PATH, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  })
  const text = await res.text().catch(() => '')
  let body: unknown
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    body = undefined
  }
  if (!res.ok) {
    throw new EnquiryError(
      messageOf(body, res.status),
      res.status,
      body,
      retryAfterSeconds(res.headers.get('Retry-After')),
    )
  }
  const enquiry = (body as { enquiry?: Enquiry } | undefined)?.enquiry
  if (!enquiry) throw new ApiError(NON_JSON_MESSAGE, res.status, undefined)
  return enquiry
}

/** Sends an enquiry; My Enquiries reloads after one is stored. */
export function useCreateEnquiry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createEnquiry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myEnquiriesQueryKey }),
  })
}

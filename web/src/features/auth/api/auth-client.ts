import { apiRequest, type FailedResponse } from '@/lib/api-client'
import type { UserResponse } from '@/lib/api-types'

/**
 * The auth calls' error wording (product spec 8): the body's `message` when
 * the body is JSON carrying one, else the body text, else
 * `{status} {statusText}`.
 */
export function describeAuthError({ status, statusText, text }: FailedResponse): string {
  const trimmed = text.trim()
  if (trimmed) {
    try {
      const parsed: unknown = JSON.parse(trimmed)
      if (parsed && typeof parsed === 'object') {
        const { message } = parsed as { message?: unknown }
        if (typeof message === 'string' && message.trim()) return message
      }
    } catch {
      // Not JSON: the text itself is the message.
    }
    return trimmed
  }
  return `${status} ${statusText}`.trim()
}

export function authGet<T>(path: string): Promise<T> {
  return apiRequest<T>('GET', path, undefined, { describeError: describeAuthError })
}

export function authPost<T>(path: string, body?: unknown): Promise<T> {
  return apiRequest<T>('POST', path, body, { describeError: describeAuthError })
}

/** The `{user}` body that login and registration answer with. */
export type { UserResponse }

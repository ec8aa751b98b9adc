// One Idempotency-Key per book or ticket attempt (docs/flights-api.md,
// Idempotency). An attempt is one thing the traveller asked for with one
// body: a double click or a retry after a lost answer repeats it with the
// same key and the same body, so the API does the work once. A definite
// answer ends the attempt; asking again (say after accepting a new fare) is
// a new attempt with a new key, as is a changed form.
import { ApiError } from '@/lib/api-client'

export interface Attempt<Body> {
  key: string
  /** What the attempt is for (the traveller's values and the path), compared to tell a repeat. */
  signature: string
  body: Body
}

/**
 * A random key (a UUID). `crypto.randomUUID` exists only in secure contexts;
 * a page served over plain HTTP on a private address (a cluster tried out
 * through a node's IP) makes its own from `getRandomValues`, which is
 * everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The attempt to send: the open one again when it is for the same thing,
 * else a new one whose body is made now (so that a body with a timestamp,
 * such as the LCC agent reference, stays the same across repeats).
 */
export function attemptFor<Body>(
  open: Attempt<Body> | undefined,
  signature: string,
  makeBody: () => Body,
  newKey: () => string = newIdempotencyKey,
): Attempt<Body> {
  if (open && open.signature === signature) return open
  return { key: newKey(), signature, body: makeBody() }
}

/**
 * Whether an answer ends the attempt. Only a failure with no definite
 * answer leaves it open for a repeat with the same key: no response at all
 * (network, timeout), our own 500, a busy 503 or 504, a key still held by
 * its first request (409 request_in_progress), and 202 (still being
 * confirmed, which the API does not keep, so a repeat sees it settle).
 */
export function endsAttempt(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.status === 0 || error.status === 500 || error.status === 503 || error.status === 504) return false
  return error.code !== 'request_in_progress'
}

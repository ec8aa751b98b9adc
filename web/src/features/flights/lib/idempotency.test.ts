import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { attemptFor, endsAttempt, newIdempotencyKey } from './idempotency'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('idempotency keys', () => {
  it('makes a UUID v4 also where crypto.randomUUID is missing (plain HTTP)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      expect(typeof crypto.randomUUID).toBe('undefined')
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey))
      expect(keys.size).toBe(50)
      for (const key of keys) expect(key).toMatch(UUID_V4)
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID
    }
  })

  it('repeats an open attempt for the same thing and starts a new one for another', () => {
    let n = 0
    const key = () => `k${++n}`
    const first = attemptFor(undefined, 'book:A', () => ({ at: 1 }), key)
    expect(attemptFor(first, 'book:A', () => ({ at: 2 }), key)).toBe(first)
    const other = attemptFor(first, 'book:B', () => ({ at: 3 }), key)
    expect(other).toEqual({ key: 'k2', signature: 'book:B', body: { at: 3 } })
  })

  it('keeps an attempt open only while its outcome is not known', () => {
    expect(endsAttempt(new ApiError('Request timed out after 150000 ms', 0, undefined))).toBe(false)
    expect(endsAttempt(new ApiError('HTTP 500', 500, undefined))).toBe(false)
    expect(endsAttempt(new ApiError('HTTP 504', 504, undefined))).toBe(false)
    expect(endsAttempt(new ApiError('busy', 409, { error: 'request_in_progress' }))).toBe(false)
    expect(endsAttempt(new ApiError('Booking failed.', 502, { error: 'booking_failed' }))).toBe(true)
    expect(endsAttempt(new ApiError('The fare has changed.', 409, { error: 'price_changed' }))).toBe(true)
    expect(endsAttempt(new Error('not from the API'))).toBe(false)
  })
})

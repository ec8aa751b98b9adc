import { describe, expect, it } from 'vitest'
import { ApiError, NON_JSON_MESSAGE } from '@/lib/api-client'
import { EnquiryError, retryAfterSeconds } from '../api/create-enquiry'
import { enquiryFailure, retryText } from './failure'

describe('enquiry failures', () => {
  it('sorts API answers into what the traveller can do', () => {
    const invalid = new ApiError('Please enter your company.', 400, {
      error: 'invalid_field',
      field: 'company',
      message: 'Please enter your company.',
    })
    expect(enquiryFailure(invalid)).toEqual({ kind: 'field', field: 'company', message: 'Please enter your company.' })
    expect(enquiryFailure(new ApiError('Sign in', 401, { error: 'unauthenticated' }))).toMatchObject({ kind: 'signIn' })
    expect(enquiryFailure(new EnquiryError('Too many', 429, { error: 'rate_limited' }, 120))).toEqual({
      kind: 'rateLimited',
      message: 'Too many',
      retryAfter: 120,
    })
    expect(enquiryFailure(new ApiError('Bad', 400, { error: 'bad_json', message: 'Bad' }))).toEqual({
      kind: 'refused',
      message: 'Bad',
    })
  })

  it('treats a network failure, a 5xx or an answer that is not the API’s as unreachable', () => {
    expect(enquiryFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'unreachable' })
    expect(enquiryFailure(new ApiError('Oops', 503, { error: 'unavailable' }))).toEqual({ kind: 'unreachable' })
    expect(enquiryFailure(new ApiError('HTTP 502', 502, undefined))).toEqual({ kind: 'unreachable' })
    expect(enquiryFailure(new ApiError(NON_JSON_MESSAGE, 200, undefined))).toEqual({ kind: 'unreachable' })
  })

  it('reads Retry-After as seconds or a date', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    expect(retryAfterSeconds('1800', now)).toBe(1800)
    expect(retryAfterSeconds('Mon, 23 Nov 2026 12:10:00 GMT', now)).toBe(600)
    expect(retryAfterSeconds(null, now)).toBeUndefined()
    expect(retryAfterSeconds('soon', now)).toBeUndefined()
  })

  it('says when to try again, in India’s time', () => {
    const now = new Date('2026-11-23T12:30:00Z') // 6:00 pm IST
    expect(retryText(1800, now)).toBe('Please try again after 6:30 pm IST (in about 30 minutes).')
    expect(retryText(20, now)).toBe('Please try again after 6:00 pm IST (in about 1 minute).')
    expect(retryText(undefined, now)).toBe('Please try again in a little while.')
  })
})

import { ApiError } from '@/lib/api-client'
import { formatIndiaTime } from '@/lib/india-time'
import { EnquiryError } from '../api/create-enquiry'

/** Why an enquiry was not stored, as the forms tell the traveller. */
export type EnquiryFailure =
  /** A field the API refused (its apierr field path), with the API's message. */
  | { kind: 'field'; field: string; message: string }
  /** The enquiry needs a signed-in traveller (a contact message). */
  | { kind: 'signIn'; message: string }
  /** Too many enquiries from here: the message and, when the API said, seconds to wait. */
  | { kind: 'rateLimited'; message: string; retryAfter?: number }
  /** The API could not be reached or failed on its side: the e-mail link is the way now. */
  | { kind: 'unreachable' }
  /** Any other refusal, in the API's words. */
  | { kind: 'refused'; message: string }

/** Sorts a failed send into what the traveller can do about it. */
export function enquiryFailure(error: unknown): EnquiryFailure {
  if (!(error instanceof ApiError)) return { kind: 'unreachable' }
  const { status, message } = error
  if (status === 400 && error.field) return { kind: 'field', field: error.field, message }
  if (status === 401) return { kind: 'signIn', message }
  if (status === 429) {
    return { kind: 'rateLimited', message, retryAfter: error instanceof EnquiryError ? error.retryAfter : undefined }
  }
  // A 5xx, or an answer that is not the API's (a proxy's error page, a non-JSON success).
  if (status >= 500 || status < 400 || error.body === undefined) return { kind: 'unreachable' }
  return { kind: 'refused', message }
}

/** When to send again, as the traveller reads it: "Please try again after 6:30 pm IST (in about 42 minutes)." */
export function retryText(seconds: number | undefined, now: Date = new Date()): string {
  if (seconds === undefined) return 'Please try again in a little while.'
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  const at = formatIndiaTime(now.getTime() + seconds * 1000)
  return `Please try again after ${at} (in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}).`
}

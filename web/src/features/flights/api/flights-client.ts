import { ApiError, apiRequest, type FailedResponse } from '@/lib/api-client'
import type {
  BookInput,
  BookingDetailsDocument,
  BookingOutcome,
  ExtrasDocument,
  FareQuoteDocument,
  FareRuleDocument,
  SearchDocument,
  SearchInput,
  TicketInput,
  TraceInput,
} from '@/lib/api-types'

/** The flight supplier's path segment: /api/v1/flights/{supplier}/… (spec 7). */
export const SUPPLIER = 'tbo'

/**
 * How long the browser waits for each call (spec 9): 90 s by default and for
 * the fare quote; at least 120 s for fare rules, book and ticket. The API's own
 * deadlines are the same, so the browser gives up only when the API would
 * have answered a timeout already.
 */
export const TIMEOUTS_MS = {
  search: 90_000,
  fareQuote: 90_000,
  fareRule: 120_000,
  extras: 90_000,
  book: 150_000,
  ticket: 150_000,
  bookingDetails: 90_000,
} as const

type Operation = keyof typeof TIMEOUTS_MS

const PATHS: Record<Operation, string> = {
  search: 'search',
  fareQuote: 'fare-quote',
  fareRule: 'fare-rule',
  extras: 'extras',
  book: 'book',
  ticket: 'ticket',
  bookingDetails: 'booking-details',
}

export function flightsPath(operation: Operation): string {
  return `/api/v1/flights/${SUPPLIER}/${PATHS[operation]}`
}

/** The flight client's wording of a failure (spec 8): message, detail or error, else the HTTP status text. */
export function describeFlightFailure({ status, statusText, body }: FailedResponse): string {
  if (body && typeof body === 'object') {
    const { message, detail, error } = body as Record<string, unknown>
    for (const text of [message, detail, error]) {
      if (typeof text === 'string' && text.trim()) return text
    }
  }
  return statusText ? `HTTP ${statusText}` : `HTTP ${status}`
}

export function timeoutMessage(ms: number): string {
  return `Request timed out after ${ms} ms`
}

export interface CallOptions {
  signal?: AbortSignal
  /** Overrides the operation's timeout (tests). */
  timeoutMs?: number
  /** Sent as Idempotency-Key (book and ticket). */
  idempotencyKey?: string
}

interface Envelope<T> {
  ok: boolean
  data?: T
  message?: string
  detail?: string
  error?: string
}

/**
 * One flights call: JSON in, the answer out, a failure thrown as ApiError with
 * the flight client's wording; a call past its timeout is aborted and fails
 * with 'Request timed out after {ms} ms' (status 0).
 */
async function call<T>(operation: Operation, body: unknown, options: CallOptions = {}): Promise<T> {
  const ms = options.timeoutMs ?? TIMEOUTS_MS[operation]
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms)
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const headers: Record<string, string> = {}
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
    return await apiRequest<T>('POST', flightsPath(operation), body, {
      signal: controller.signal,
      headers,
      describeError: describeFlightFailure,
    })
  } catch (err) {
    if (controller.signal.aborted && !options.signal?.aborted) {
      throw new ApiError(timeoutMessage(ms), 0, undefined)
    }
    throw err
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

/** Unwraps `{ok: true, data}`; an answer with ok false throws like a failed status. */
async function callData<T>(operation: Operation, body: unknown, options?: CallOptions): Promise<T> {
  const answer = await call<Envelope<T>>(operation, body, options)
  if (!answer.ok || answer.data === undefined) {
    throw new ApiError(describeFlightFailure({ status: 200, statusText: 'OK', text: '', body: answer }), 200, answer)
  }
  return answer.data
}

export function searchFlights(input: SearchInput, options?: CallOptions): Promise<SearchDocument> {
  return callData<SearchDocument>('search', input, options)
}

export function getFareQuote(input: TraceInput, options?: CallOptions): Promise<FareQuoteDocument> {
  return callData<FareQuoteDocument>('fareQuote', input, options)
}

export function getFareRules(input: TraceInput, options?: CallOptions): Promise<FareRuleDocument> {
  return callData<FareRuleDocument>('fareRule', input, options)
}

/** The seats, meals and baggage a result sells (the supplier's SSR), per flight. */
export function getExtras(input: TraceInput, options?: CallOptions): Promise<ExtrasDocument> {
  return callData<ExtrasDocument>('extras', input, options)
}

export function getBookingDetails(bookingId: number | string, options?: CallOptions): Promise<BookingDetailsDocument> {
  return callData<BookingDetailsDocument>('bookingDetails', { bookingId }, options)
}

/**
 * Books. The answer is the whole outcome (supplier document and our booking
 * record). A refusal that still carries the booking (a fare that changed, 409;
 * a failed supplier call, 502) throws ApiError whose `body` is that outcome:
 * read it with outcomeOf (lib/booking).
 */
export function bookFlight(input: BookInput, options?: CallOptions): Promise<BookingOutcome> {
  return call<BookingOutcome>('book', input, options)
}

/** Tickets; answers and failures as bookFlight. */
export function ticketFlight(input: TicketInput, options?: CallOptions): Promise<BookingOutcome> {
  return call<BookingOutcome>('ticket', input, options)
}

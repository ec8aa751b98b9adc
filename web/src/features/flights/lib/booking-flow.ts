// The fare page's book, ticket and booking-details calls as one state machine:
// the call the page waits for (at most one at a time, with what it sent) and
// what the answers so far said. The page dispatches an action as a call starts
// and one as it settles; an action the current step does not allow (a second
// Book while one is in flight, an answer to a call not made) changes nothing.
import { ApiError } from '@/lib/api-client'
import type { BookInput, Booking, BookingDetailsDocument, BookingOutcome, TicketInput } from '@/lib/api-types'
import { bookingRefOf, isSessionExpired, outcomeOf, priceChangeOf, type BookingRef, type PriceChange } from './booking'
import { FARE_MESSAGES, failureText } from './fare-messages'
import { endsAttempt, type Attempt } from './idempotency'

/** What the page says about the last Book or Ticket: nothing, the API's note on its answer, or why it failed. */
export type FlowNote = { kind: 'none' } | { kind: 'answered'; text: string } | { kind: 'failed'; text: string }

/** The call the page waits for. */
export type FlowStep =
  | { step: 'idle' }
  | { step: 'booking'; attempt: Attempt<BookInput> }
  | { step: 'ticketing'; attempt: Attempt<TicketInput> }
  | { step: 'refreshing'; bookingId: number }

/** What the answers so far left, kept from step to step. */
interface FlowRecord {
  /** The booking record the last Book answer carried (a success, or a refusal with our record). */
  bookAnswer: BookingOutcome | undefined
  /** The same for Ticket; once there is one, the button reads 'Retry Ticket'. */
  ticketAnswer: BookingOutcome | undefined
  /** The Book attempt a repeat sends again with its key: open until an answer is definite (lib/idempotency). */
  openBook: Attempt<BookInput> | undefined
  openTicket: Attempt<TicketInput> | undefined
  book: FlowNote
  ticket: FlowNote
  /** The API's "still confirming" message (202) to the last Book or Ticket; '' when none. */
  pending: string
  /** A fare that changed at Book or Ticket, until the traveller accepts it or a Ticket goes through. */
  priceChange: PriceChange | undefined
  details: BookingDetailsDocument | undefined
  detailsError: string
  /** The supplier's search expired (422): from then on the page offers a fresh search. */
  expired: boolean
  /** The last failure with its status and code, for the diagnostics; '' before any. */
  lastError: string
}

export type FlowState = FlowRecord & FlowStep

export type FlowAction =
  | { type: 'bookStarted'; attempt: Attempt<BookInput> }
  /** Book answered 200, or 202 (`outcome.pending`: still being confirmed). */
  | { type: 'bookAnswered'; outcome: BookingOutcome }
  | { type: 'bookFailed'; error: unknown }
  /** Ticket was asked for without what it needs (a trace, a BookingId): no call is made. */
  | { type: 'ticketRefused'; message: string }
  | { type: 'ticketStarted'; attempt: Attempt<TicketInput> }
  | { type: 'ticketAnswered'; outcome: BookingOutcome }
  | { type: 'ticketFailed'; error: unknown }
  | { type: 'detailsRefused'; message: string }
  | { type: 'detailsStarted'; bookingId: number }
  | { type: 'detailsLoaded'; details: BookingDetailsDocument }
  | { type: 'detailsFailed'; error: unknown }
  | { type: 'priceChangeAccepted' }

const NONE: FlowNote = { kind: 'none' }

export const initialFlowState: FlowState = {
  step: 'idle',
  bookAnswer: undefined,
  ticketAnswer: undefined,
  openBook: undefined,
  openTicket: undefined,
  book: NONE,
  ticket: NONE,
  pending: '',
  priceChange: undefined,
  details: undefined,
  detailsError: '',
  expired: false,
  lastError: '',
}

/** What the state keeps from step to step, without what its step holds. */
function recordOf(state: FlowState): FlowRecord {
  switch (state.step) {
    case 'idle': {
      const { step: _step, ...record } = state
      return record
    }
    case 'booking':
    case 'ticketing': {
      const { step: _step, attempt: _attempt, ...record } = state
      return record
    }
    case 'refreshing': {
      const { step: _step, bookingId: _bookingId, ...record } = state
      return record
    }
  }
}

/** The call answered: the page waits for nothing. */
function idle(state: FlowState, changes: Partial<FlowRecord> = {}): FlowState {
  return { ...recordOf(state), ...changes, step: 'idle' }
}

/** The failure noted for the diagnostics and, when the search expired, for the session timer. */
function noted(state: FlowState, error: unknown, text: string): Pick<FlowRecord, 'lastError' | 'expired'> {
  return {
    lastError: error instanceof ApiError ? `${error.status}${error.code ? ` ${error.code}` : ''}: ${text}` : text,
    expired: state.expired || isSessionExpired(error),
  }
}

/** The price change a refusal carried (409 price_changed with the booking), else the one shown already. */
function priceChangeAfter(
  state: FlowState,
  error: unknown,
  outcome: BookingOutcome | undefined,
  step: 'book' | 'ticket',
) {
  return error instanceof ApiError && error.code === 'price_changed' && outcome
    ? priceChangeOf(outcome, step)
    : state.priceChange
}

export function bookingFlowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'bookStarted':
      if (state.step !== 'idle') return state
      return {
        ...recordOf(state),
        openBook: action.attempt,
        book: NONE,
        pending: '',
        step: 'booking',
        attempt: action.attempt,
      }
    case 'bookAnswered': {
      if (state.step !== 'booking') return state
      const { outcome } = action
      if (outcome.pending) return idle(state, { pending: outcome.message ?? '' })
      return idle(state, {
        openBook: undefined,
        bookAnswer: outcome,
        book: outcome.message ? { kind: 'answered', text: outcome.message } : NONE,
      })
    }
    case 'bookFailed': {
      if (state.step !== 'booking') return state
      const { error } = action
      const outcome = outcomeOf(error)
      const text = failureText(error, FARE_MESSAGES.bookingFailed)
      return idle(state, {
        ...noted(state, error, text),
        openBook: endsAttempt(error) ? undefined : state.openBook,
        bookAnswer: outcome ?? state.bookAnswer,
        priceChange: priceChangeAfter(state, error, outcome, 'book'),
        book: { kind: 'failed', text },
      })
    }
    case 'ticketRefused':
      return { ...state, ticket: { kind: 'failed', text: action.message } }
    case 'ticketStarted':
      if (state.step !== 'idle') return state
      return {
        ...recordOf(state),
        openTicket: action.attempt,
        ticket: NONE,
        pending: '',
        step: 'ticketing',
        attempt: action.attempt,
      }
    case 'ticketAnswered': {
      if (state.step !== 'ticketing') return state
      const { outcome } = action
      if (outcome.pending) return idle(state, { pending: outcome.message ?? '' })
      const answered: FlowRecord = {
        ...recordOf(state),
        openTicket: undefined,
        ticketAnswer: outcome,
        priceChange: undefined,
        ticket: { kind: 'answered', text: outcome.message || FARE_MESSAGES.ticketed },
      }
      // A ticket issued is read back from the supplier at once: the ticket call's end is the details call's start.
      const bookingId = bookingRefOf(outcome).bookingId
      return bookingId
        ? { ...answered, detailsError: '', step: 'refreshing', bookingId }
        : { ...answered, step: 'idle' }
    }
    case 'ticketFailed': {
      if (state.step !== 'ticketing') return state
      const { error } = action
      const outcome = outcomeOf(error)
      const text = failureText(error, FARE_MESSAGES.ticketingFailed)
      return idle(state, {
        ...noted(state, error, text),
        openTicket: endsAttempt(error) ? undefined : state.openTicket,
        ticketAnswer: outcome ?? state.ticketAnswer,
        priceChange: priceChangeAfter(state, error, outcome, 'ticket'),
        ticket: { kind: 'failed', text },
      })
    }
    case 'detailsRefused':
      return { ...state, detailsError: action.message }
    case 'detailsStarted':
      if (state.step !== 'idle') return state
      return { ...recordOf(state), detailsError: '', step: 'refreshing', bookingId: action.bookingId }
    case 'detailsLoaded':
      if (state.step !== 'refreshing') return state
      return idle(state, { details: action.details })
    case 'detailsFailed': {
      if (state.step !== 'refreshing') return state
      const text = failureText(action.error, FARE_MESSAGES.refreshFailed)
      return idle(state, { ...noted(state, action.error, text), detailsError: text })
    }
    case 'priceChangeAccepted':
      return state.priceChange ? { ...state, priceChange: undefined } : state
  }
}

/** BookingId and PNR: the Ticket answer's, else the Book answer's. */
export function flowRef(state: FlowState): BookingRef {
  const ticket = bookingRefOf(state.ticketAnswer)
  const book = bookingRefOf(state.bookAnswer)
  return { bookingId: ticket.bookingId ?? book.bookingId, pnr: ticket.pnr || book.pnr }
}

/** Our booking record as the last answer has it: the Ticket answer's, else the Book answer's. */
export function flowBooking(state: FlowState): Booking | undefined {
  return state.ticketAnswer?.booking ?? state.bookAnswer?.booking
}

/** Whether a Book or Ticket answer left a booking made: ticketed, or booked (a GDS fare). */
export function bookingMade(state: FlowState): boolean {
  return [state.ticketAnswer, state.bookAnswer].some(
    (o) => o?.booking.status === 'ticketed' || o?.booking.status === 'booked',
  )
}

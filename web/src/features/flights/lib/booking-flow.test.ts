import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { bookingRecord } from '@/testing/payments'
import type { BookInput, Booking, BookingDetailsDocument, BookingOutcome, TicketInput } from '@/testing/wire'
import {
  bookingFlowReducer as reduce,
  bookingMade,
  flowBooking,
  flowRef,
  initialFlowState,
  type FlowAction,
  type FlowState,
} from './booking-flow'
import type { Attempt } from './idempotency'

const bookAttempt: Attempt<BookInput> = {
  key: 'book-key',
  signature: 'asha',
  body: { traceId: 't1', resultIndex: 'OB1', isLCC: false, blockedFare: false, passengers: [] } as BookInput,
}
const ticketAttempt: Attempt<TicketInput> = {
  key: 'ticket-key',
  signature: 'gds|4711|',
  body: { bookingId: 4711, pnr: 'ABC123', traceId: 't1' },
}

/** A book or ticket answer: the supplier's BookingId and PNR, and our record. */
function outcome(
  o: { bookingId?: number; pnr?: string; message?: string; pending?: boolean; b?: Partial<Booking> } = {},
) {
  const answer: BookingOutcome = {
    ok: true,
    data: { Response: { ResponseStatus: 1, Response: { BookingId: o.bookingId, PNR: o.pnr } } },
    booking: bookingRecord({ bookingId: undefined, pnr: undefined, ...o.b }),
    message: o.message,
    pending: o.pending,
  }
  return answer
}

/** A refusal that carried the booking with the supplier's new fare (409 price_changed). */
function priceChanged(newFare: string) {
  const body = {
    ...outcome({ b: { status: 'failed', price: '5293.46' } }),
    data: {
      Response: {
        ResponseStatus: 1,
        Response: {
          FlightItinerary: {
            BookingId: 0,
            PNR: '',
            Fare: { Currency: 'INR', BaseFare: '5000', Tax: '1', PublishedFare: newFare },
          },
        },
      },
    },
    ok: false,
    error: 'price_changed',
    message: 'The fare has changed.',
  }
  return new ApiError('The fare has changed.', 409, body)
}

const details: BookingDetailsDocument = {
  Response: { ResponseStatus: 1, FlightItinerary: { BookingId: 4711, PNR: 'ABC123' } },
}

const noReason = (status: number, error: string) => new ApiError(`HTTP ${status}`, status, { error })
const expired = new ApiError('Your session has expired.', 422, { error: 'session_expired', message: 'x' })

/** The state after the actions, each of which must be allowed. */
function after(...actions: FlowAction[]): FlowState {
  return actions.reduce((state, action) => {
    const next = reduce(state, action)
    expect(next, `${action.type} in ${state.step}`).not.toBe(state)
    return next
  }, initialFlowState)
}

const booking = () => after({ type: 'bookStarted', attempt: bookAttempt })
const ticketing = () => after({ type: 'ticketStarted', attempt: ticketAttempt })
const refreshing = () => after({ type: 'detailsStarted', bookingId: 4711 })

describe('the booking flow', () => {
  it('starts idle with nothing said', () => {
    expect(initialFlowState).toMatchObject({
      step: 'idle',
      book: { kind: 'none' },
      ticket: { kind: 'none' },
      pending: '',
      expired: false,
    })
  })

  describe('Book', () => {
    it('starts from idle with the attempt it sends, clearing what the last Book and 202 said', () => {
      const before = after(
        { type: 'bookStarted', attempt: bookAttempt },
        { type: 'bookFailed', error: noReason(502, 'booking_failed') },
        { type: 'ticketStarted', attempt: ticketAttempt },
        { type: 'ticketAnswered', outcome: outcome({ pending: true, message: 'Still confirming.' }) },
      )
      const state = reduce(before, { type: 'bookStarted', attempt: bookAttempt })
      expect(state).toMatchObject({ step: 'booking', attempt: bookAttempt, openBook: bookAttempt, pending: '' })
      expect(state.book).toEqual({ kind: 'none' })
    })

    it('records an answer with its message and closes the attempt', () => {
      const made = outcome({ bookingId: 4711, pnr: 'ABC123', message: 'Booked.' })
      const state = reduce(booking(), { type: 'bookAnswered', outcome: made })
      expect(state).toEqual({
        ...initialFlowState,
        bookAnswer: made,
        book: { kind: 'answered', text: 'Booked.' },
      })
    })

    it('says nothing about an answer without a message', () => {
      expect(reduce(booking(), { type: 'bookAnswered', outcome: outcome() }).book).toEqual({ kind: 'none' })
    })

    it('shows a 202 as pending and keeps the attempt open for a repeat with its key', () => {
      const state = reduce(booking(), {
        type: 'bookAnswered',
        outcome: outcome({ pending: true, message: 'Still confirming.' }),
      })
      expect(state).toEqual({ ...initialFlowState, openBook: bookAttempt, pending: 'Still confirming.' })
    })

    it("fails with 'Booking failed.' without a reason, noted with status and code", () => {
      const state = reduce(booking(), { type: 'bookFailed', error: noReason(502, 'booking_failed') })
      expect(state).toEqual({
        ...initialFlowState,
        book: { kind: 'failed', text: 'Booking failed.' },
        lastError: '502 booking_failed: Booking failed.',
      })
    })

    it.each([
      ['no answer at all', new ApiError('Request timed out after 150000 ms', 0, undefined)],
      ['a busy 503', noReason(503, 'supplier_unavailable')],
      ['a 504', noReason(504, 'supplier_timeout')],
      ['the key still held', noReason(409, 'request_in_progress')],
    ])('keeps the attempt open after %s', (_, error) => {
      expect(reduce(booking(), { type: 'bookFailed', error }).openBook).toBe(bookAttempt)
    })

    it('keeps the booking record a refusal carried, and shows its price change', () => {
      const error = priceChanged('5643.46')
      const state = reduce(booking(), { type: 'bookFailed', error })
      expect(state.bookAnswer?.booking.status).toBe('failed')
      expect(state.priceChange).toEqual({ step: 'book', oldPrice: '5293.46', newPrice: '5643.46', currency: 'INR' })
      expect(state.book).toEqual({ kind: 'failed', text: 'The fare has changed.' })
      expect(state.openBook).toBeUndefined()
    })

    it('keeps the last booking record when a refusal carries none', () => {
      const made = outcome({ bookingId: 4711 })
      const state = after(
        { type: 'bookStarted', attempt: bookAttempt },
        { type: 'bookAnswered', outcome: made },
        { type: 'bookStarted', attempt: bookAttempt },
        { type: 'bookFailed', error: new TypeError('Failed to fetch') },
      )
      expect(state.bookAnswer).toBe(made)
      expect(state.lastError).toBe('Booking failed.')
    })

    it('notes an expired search for good', () => {
      const state = after(
        { type: 'bookStarted', attempt: bookAttempt },
        { type: 'bookFailed', error: expired },
        { type: 'bookStarted', attempt: bookAttempt },
        { type: 'bookAnswered', outcome: outcome() },
      )
      expect(state.expired).toBe(true)
    })
  })

  describe('Ticket', () => {
    it('says why it was refused, whatever the page waits for, and changes nothing else', () => {
      const before = booking()
      const state = reduce(before, { type: 'ticketRefused', message: 'No BookingId to ticket.' })
      expect(state).toEqual({ ...before, ticket: { kind: 'failed', text: 'No BookingId to ticket.' } })
    })

    it('starts from idle with the attempt it sends, clearing what the last Ticket said', () => {
      const before = after({ type: 'ticketRefused', message: 'No BookingId to ticket.' })
      const state = reduce(before, { type: 'ticketStarted', attempt: ticketAttempt })
      expect(state).toEqual({
        ...initialFlowState,
        step: 'ticketing',
        attempt: ticketAttempt,
        openTicket: ticketAttempt,
      })
    })

    it('goes from a ticket issued straight to reading the booking back, the price change settled', () => {
      const issued = outcome({ bookingId: 4711, pnr: 'ABC123', b: { status: 'ticketed' } })
      const before = after(
        { type: 'detailsRefused', message: 'No BookingId to refresh.' },
        { type: 'bookStarted', attempt: bookAttempt },
        { type: 'bookFailed', error: priceChanged('5500') },
        { type: 'ticketStarted', attempt: ticketAttempt },
      )
      const state = reduce(before, { type: 'ticketAnswered', outcome: issued })
      expect(state).toMatchObject({
        step: 'refreshing',
        bookingId: 4711,
        ticketAnswer: issued,
        openTicket: undefined,
        priceChange: undefined,
        detailsError: '',
        ticket: { kind: 'answered', text: 'Ticket issued successfully.' },
      })
    })

    it("ends idle when the answer has no BookingId, with the API's message", () => {
      const state = reduce(ticketing(), { type: 'ticketAnswered', outcome: outcome({ message: 'Ticketed.' }) })
      expect(state).toMatchObject({ step: 'idle', ticket: { kind: 'answered', text: 'Ticketed.' } })
    })

    it('shows a 202 as pending and keeps the attempt open', () => {
      const state = reduce(ticketing(), {
        type: 'ticketAnswered',
        outcome: outcome({ pending: true, message: 'Wait.' }),
      })
      expect(state).toEqual({ ...initialFlowState, openTicket: ticketAttempt, pending: 'Wait.' })
    })

    it("fails with 'Ticketing failed from supplier side.' without a reason, keeping what it carried", () => {
      const error = priceChanged('5500')
      const state = reduce(ticketing(), { type: 'ticketFailed', error })
      expect(state).toMatchObject({
        step: 'idle',
        ticket: { kind: 'failed', text: 'The fare has changed.' },
        priceChange: { step: 'ticket', newPrice: '5500' },
        lastError: '409 price_changed: The fare has changed.',
      })
      expect(state.ticketAnswer?.booking.status).toBe('failed')
      const plain = reduce(ticketing(), { type: 'ticketFailed', error: noReason(502, 'ticketing_failed') })
      expect(plain.ticket).toEqual({ kind: 'failed', text: 'Ticketing failed from supplier side.' })
      expect(plain.openTicket).toBeUndefined()
    })
  })

  describe('booking details', () => {
    it('says why it was refused, whatever the page waits for', () => {
      const before = ticketing()
      const state = reduce(before, { type: 'detailsRefused', message: 'No BookingId to refresh.' })
      expect(state).toEqual({ ...before, detailsError: 'No BookingId to refresh.' })
    })

    it('starts from idle, clearing the last failure, and shows what came', () => {
      const before = after(
        { type: 'detailsStarted', bookingId: 4711 },
        { type: 'detailsFailed', error: noReason(502, 'supplier_failed') },
      )
      expect(before.detailsError).toBe('Could not refresh booking details.')
      expect(before.lastError).toBe('502 supplier_failed: Could not refresh booking details.')
      const started = reduce(before, { type: 'detailsStarted', bookingId: 4711 })
      expect(started).toMatchObject({ step: 'refreshing', bookingId: 4711, detailsError: '' })
      expect(reduce(started, { type: 'detailsLoaded', details })).toMatchObject({ step: 'idle', details })
    })

    it('keeps the details shown when a refresh fails', () => {
      const state = after(
        { type: 'detailsStarted', bookingId: 4711 },
        { type: 'detailsLoaded', details },
        { type: 'detailsStarted', bookingId: 4711 },
        { type: 'detailsFailed', error: new ApiError('Supplier down.', 502, { message: 'Supplier down.' }) },
      )
      expect(state).toMatchObject({ step: 'idle', details, detailsError: 'Supplier down.' })
    })
  })

  it('clears an accepted price change, in any step', () => {
    const changed = after(
      { type: 'bookStarted', attempt: bookAttempt },
      { type: 'bookFailed', error: priceChanged('1') },
    )
    expect(reduce(changed, { type: 'priceChangeAccepted' }).priceChange).toBeUndefined()
  })

  describe('refuses what its step does not allow, changing nothing', () => {
    const states: Record<FlowState['step'], () => FlowState> = {
      idle: () => initialFlowState,
      booking,
      ticketing,
      refreshing,
    }
    const actions: [FlowAction, FlowState['step'][]][] = [
      [{ type: 'bookStarted', attempt: bookAttempt }, ['booking', 'ticketing', 'refreshing']],
      [{ type: 'bookAnswered', outcome: outcome() }, ['idle', 'ticketing', 'refreshing']],
      [{ type: 'bookFailed', error: noReason(502, 'booking_failed') }, ['idle', 'ticketing', 'refreshing']],
      [{ type: 'ticketStarted', attempt: ticketAttempt }, ['booking', 'ticketing', 'refreshing']],
      [{ type: 'ticketAnswered', outcome: outcome() }, ['idle', 'booking', 'refreshing']],
      [{ type: 'ticketFailed', error: noReason(502, 'ticketing_failed') }, ['idle', 'booking', 'refreshing']],
      [{ type: 'detailsStarted', bookingId: 4711 }, ['booking', 'ticketing', 'refreshing']],
      [{ type: 'detailsLoaded', details }, ['idle', 'booking', 'ticketing']],
      [{ type: 'detailsFailed', error: noReason(502, 'supplier_failed') }, ['idle', 'booking', 'ticketing']],
      // Nothing to accept.
      [{ type: 'priceChangeAccepted' }, ['idle', 'booking', 'ticketing', 'refreshing']],
    ]
    it.each(actions.flatMap(([action, steps]) => steps.map((step) => [action.type, step, action] as const)))(
      '%s in %s',
      (_, step, action) => {
        const state = states[step]()
        expect(reduce(state, action)).toBe(state)
      },
    )
  })
})

describe("the flow's booking", () => {
  it("takes BookingId and PNR from the Ticket answer, each else from the Book answer's", () => {
    const state = after(
      { type: 'bookStarted', attempt: bookAttempt },
      { type: 'bookAnswered', outcome: outcome({ bookingId: 4711, pnr: 'ABC123' }) },
      { type: 'ticketStarted', attempt: ticketAttempt },
      { type: 'ticketFailed', error: new ApiError('No.', 502, { ...outcome({ pnr: 'NEW123' }), ok: false }) },
    )
    expect(flowRef(state)).toEqual({ bookingId: 4711, pnr: 'NEW123' })
    expect(flowRef(initialFlowState)).toEqual({ bookingId: undefined, pnr: '' })
  })

  it("shows the Ticket answer's record over the Book answer's, and counts either as made when booked or ticketed", () => {
    const booked = outcome({ b: { _id: 'booked', status: 'booked' } })
    const failed = outcome({ b: { _id: 'failed', status: 'failed' } })
    const state = after(
      { type: 'bookStarted', attempt: bookAttempt },
      { type: 'bookAnswered', outcome: booked },
      { type: 'ticketStarted', attempt: ticketAttempt },
      { type: 'ticketFailed', error: new ApiError('No.', 502, { ...failed, ok: false }) },
    )
    expect(flowBooking(state)?._id).toBe('failed')
    expect(bookingMade(state)).toBe(true)
    expect(flowBooking(initialFlowState)).toBeUndefined()
    expect(bookingMade(initialFlowState)).toBe(false)
    const quoted = after(
      { type: 'bookStarted', attempt: bookAttempt },
      { type: 'bookAnswered', outcome: outcome({ b: { status: 'quoted' } }) },
    )
    expect(bookingMade(quoted)).toBe(false)
  })
})

import { useCallback, useRef, useState } from 'react'
import { ApiError } from '@/lib/api-client'
import type { BookInput, BookingDetailsDocument, BookingOutcome, TicketInput } from '@/lib/api-types'
import { bookFlight, getBookingDetails, outcomeOf, ticketFlight } from '../api/flights-client'
import {
  agentReference,
  bookingRefOf,
  isSessionExpired,
  priceChangeOf,
  type BookingRef,
  type PriceChange,
} from '../lib/booking'
import { FARE_MESSAGES, failureText } from '../lib/fare-messages'
import { attemptFor, endsAttempt, type Attempt } from '../lib/idempotency'
import type { BookParts } from '../lib/passenger'

/** Ticketing goes by the fare's LCC flag, or by a forced path (spec 4). */
export type TicketMode = 'auto' | 'gds' | 'lcc'

type Step = 'book' | 'ticket' | 'details'

export interface FieldFailure {
  field: string
  message: string
}

export interface BookingFlow {
  busy: Step | null
  book: BookingOutcome | undefined
  ticket: BookingOutcome | undefined
  ref: BookingRef
  /** A message about the last book (e.g. an LCC fare is only recorded). */
  bookMessage: string
  bookError: string
  ticketMessage: string
  ticketError: string
  /** The last ticket request was answered (the button then reads 'Retry Ticket'). */
  ticketAnswered: boolean
  /** The API's "still confirming" message (202). */
  pending: string
  priceChange: PriceChange | undefined
  details: BookingDetailsDocument | undefined
  detailsError: string
  /** The supplier's search expired (422). */
  expired: boolean
  lastError: string
  runBook(parts: BookParts, signature: string): Promise<FieldFailure | undefined>
  runTicket(mode: TicketMode, parts: BookParts | undefined, signature: string): Promise<void>
  refreshDetails(bookingId?: number): Promise<void>
  /** Clears a book or ticket price change once the traveller accepted it. */
  clearPriceChange(): void
}

interface FlowInput {
  traceId: string
  resultIndex: string
  isLCC: boolean
}

/**
 * Book, ticket and booking details for one fare, each attempt under its own
 * Idempotency-Key (lib/idempotency) and at most one call at a time.
 */
export function useBookingFlow({ traceId, resultIndex, isLCC }: FlowInput): BookingFlow {
  const [busy, setBusy] = useState<Step | null>(null)
  const inFlight = useRef(false)
  const bookAttempt = useRef<Attempt<BookInput> | undefined>(undefined)
  const ticketAttempt = useRef<Attempt<TicketInput> | undefined>(undefined)
  const [book, setBook] = useState<BookingOutcome>()
  const [ticket, setTicket] = useState<BookingOutcome>()
  const [bookMessage, setBookMessage] = useState('')
  const [bookError, setBookError] = useState('')
  const [ticketMessage, setTicketMessage] = useState('')
  const [ticketError, setTicketError] = useState('')
  const [ticketAnswered, setTicketAnswered] = useState(false)
  const [pending, setPending] = useState('')
  const [priceChange, setPriceChange] = useState<PriceChange>()
  const [details, setDetails] = useState<BookingDetailsDocument>()
  const [detailsError, setDetailsError] = useState('')
  const [expired, setExpired] = useState(false)
  const [lastError, setLastError] = useState('')

  const ticketRef = bookingRefOf(ticket)
  const bookRef = bookingRefOf(book)
  const ref: BookingRef = {
    bookingId: ticketRef.bookingId ?? bookRef.bookingId,
    pnr: ticketRef.pnr || bookRef.pnr,
  }

  const start = (step: Step) => {
    if (inFlight.current) return false
    inFlight.current = true
    setBusy(step)
    return true
  }
  const finish = () => {
    inFlight.current = false
    setBusy(null)
  }
  const noteError = (error: unknown, text: string) => {
    setLastError(error instanceof ApiError ? `${error.status}${error.code ? ` ${error.code}` : ''}: ${text}` : text)
    if (isSessionExpired(error)) setExpired(true)
  }

  const refreshDetails = useCallback(
    async (bookingId?: number) => {
      setDetailsError('')
      if (!bookingId) {
        setDetailsError(FARE_MESSAGES.noBookingToRefresh)
        return
      }
      if (!start('details')) return
      try {
        setDetails(await getBookingDetails(bookingId))
      } catch (error) {
        const text = failureText(error, FARE_MESSAGES.refreshFailed)
        setDetailsError(text)
        noteError(error, text)
      } finally {
        finish()
      }
    },
    // start, finish and noteError only touch refs and state setters.
    [],
  )

  async function runBook(parts: BookParts, signature: string): Promise<FieldFailure | undefined> {
    if (!start('book')) return undefined
    setBookError('')
    setBookMessage('')
    setPending('')
    const attempt = attemptFor(bookAttempt.current, signature, () => ({
      traceId,
      resultIndex,
      isLCC,
      blockedFare: false,
      contact: parts.contact,
      address: parts.address,
      passengers: parts.passengers,
      ...(parts.gst ? { gst: parts.gst } : {}),
    }))
    bookAttempt.current = attempt
    try {
      const outcome = await bookFlight(attempt.body, { idempotencyKey: attempt.key })
      if (outcome.pending) {
        setPending(outcome.message ?? '')
        return undefined
      }
      bookAttempt.current = undefined
      setBook(outcome)
      setBookMessage(outcome.message ?? '')
      return undefined
    } catch (error) {
      if (endsAttempt(error)) bookAttempt.current = undefined
      const outcome = outcomeOf(error)
      if (outcome) setBook(outcome)
      if (error instanceof ApiError && error.code === 'price_changed' && outcome) {
        setPriceChange(priceChangeOf(outcome, 'book'))
      }
      const text = failureText(error, FARE_MESSAGES.bookingFailed)
      setBookError(text)
      noteError(error, text)
      return error instanceof ApiError && error.field ? { field: error.field, message: text } : undefined
    } finally {
      finish()
    }
  }

  async function runTicket(mode: TicketMode, parts: BookParts | undefined, signature: string) {
    setTicketError('')
    const path = mode === 'auto' ? (isLCC ? 'lcc' : 'gds') : mode
    if (!traceId) {
      setTicketError(FARE_MESSAGES.noTraceForTicket)
      return
    }
    if (path === 'gds' && !ref.bookingId) {
      setTicketError(FARE_MESSAGES.noBookingToTicket)
      return
    }
    if (path === 'lcc' && !parts) return
    if (!start('ticket')) return
    setTicketMessage('')
    setPending('')
    const makeBody = (): TicketInput =>
      path === 'gds'
        ? { bookingId: ref.bookingId, pnr: ref.pnr, traceId }
        : {
            isLCC: true,
            traceId,
            resultIndex,
            agentReferenceNo: agentReference(),
            passengers: parts?.passengers ?? [],
            address: parts?.address,
            contact: parts?.contact,
            ...(parts?.gst ? { gst: parts.gst } : {}),
          }
    const attempt = attemptFor(ticketAttempt.current, `${path}|${ref.bookingId ?? ''}|${signature}`, makeBody)
    ticketAttempt.current = attempt
    try {
      const outcome = await ticketFlight(attempt.body, { idempotencyKey: attempt.key })
      if (outcome.pending) {
        setPending(outcome.message ?? '')
        return
      }
      ticketAttempt.current = undefined
      setTicket(outcome)
      setTicketAnswered(true)
      setPriceChange(undefined)
      setTicketMessage(outcome.message || FARE_MESSAGES.ticketed)
      const id = bookingRefOf(outcome).bookingId
      finish()
      if (id) await refreshDetails(id)
    } catch (error) {
      if (endsAttempt(error)) ticketAttempt.current = undefined
      const outcome = outcomeOf(error)
      if (outcome) {
        setTicket(outcome)
        setTicketAnswered(true)
      }
      if (error instanceof ApiError && error.code === 'price_changed' && outcome) {
        setPriceChange(priceChangeOf(outcome, 'ticket'))
      }
      const text = failureText(error, FARE_MESSAGES.ticketingFailed)
      setTicketError(text)
      noteError(error, text)
    } finally {
      finish()
    }
  }

  return {
    busy,
    book,
    ticket,
    ref,
    bookMessage,
    bookError,
    ticketMessage,
    ticketError,
    ticketAnswered,
    pending,
    priceChange,
    details,
    detailsError,
    expired,
    lastError,
    runBook,
    runTicket,
    refreshDetails,
    clearPriceChange: () => setPriceChange(undefined),
  }
}

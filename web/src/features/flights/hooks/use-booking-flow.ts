import { useRef, useState } from 'react'
import { ApiError } from '@/lib/api-client'
import type { BookInput, TicketInput } from '@/lib/api-types'
import { useBookFlight } from '../api/book-flight'
import { useRefreshBookingDetails } from '../api/get-booking-details'
import { useTicketFlight } from '../api/ticket-flight'
import { agentReference } from '../lib/booking'
import { bookingFlowReducer, flowRef, initialFlowState, type FlowAction, type FlowState } from '../lib/booking-flow'
import { FARE_MESSAGES, failureText } from '../lib/fare-messages'
import { attemptFor } from '../lib/idempotency'
import type { BookParts } from '../lib/passenger'

/** Ticketing goes by the fare's LCC flag, or by a forced path (spec 4). */
export type TicketMode = 'auto' | 'gds' | 'lcc'

export interface FieldFailure {
  field: string
  message: string
}

export interface BookingFlow {
  state: FlowState
  /** Books; a refusal of one traveller's field comes back for the form to show on it. */
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
 * The flow's state with a dispatch that applies the reducer at once rather
 * than on the next render: a second click that lands before React re-renders
 * finds the first call started, and the reducer refuses it. `send` answers
 * whether the action changed anything.
 */
function useFlowState() {
  const [state, setState] = useState(initialFlowState)
  const current = useRef(state)
  const send = (action: FlowAction): boolean => {
    const next = bookingFlowReducer(current.current, action)
    if (next === current.current) return false
    current.current = next
    setState(next)
    return true
  }
  return { state, current, send }
}

/** The refusal of one field (400 with `field`), for the form to show on it. */
function fieldFailureOf(error: unknown): FieldFailure | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined
  return { field: error.field, message: failureText(error, FARE_MESSAGES.bookingFailed) }
}

/**
 * Book, ticket and booking details for one fare (lib/booking-flow), each
 * attempt under its own Idempotency-Key (lib/idempotency) and at most one call
 * at a time. Each call is one mutation; its start and its answer are one
 * action each.
 */
export function useBookingFlow({ traceId, resultIndex, isLCC }: FlowInput): BookingFlow {
  const { state, current, send } = useFlowState()
  const book = useBookFlight()
  const ticket = useTicketFlight()
  const details = useRefreshBookingDetails()

  async function loadDetails(bookingId: number) {
    try {
      send({ type: 'detailsLoaded', details: await details.mutateAsync(bookingId) })
    } catch (error) {
      send({ type: 'detailsFailed', error })
    }
  }

  async function refreshDetails(bookingId?: number) {
    if (!bookingId) {
      send({ type: 'detailsRefused', message: FARE_MESSAGES.noBookingToRefresh })
      return
    }
    if (send({ type: 'detailsStarted', bookingId })) await loadDetails(bookingId)
  }

  async function runBook(parts: BookParts, signature: string): Promise<FieldFailure | undefined> {
    const attempt = attemptFor(current.current.openBook, signature, (): BookInput => ({
      traceId,
      resultIndex,
      isLCC,
      blockedFare: false,
      contact: parts.contact,
      address: parts.address,
      passengers: parts.passengers,
      ...(parts.gst ? { gst: parts.gst } : {}),
      ...(parts.extras?.length ? { extras: parts.extras } : {}),
    }))
    if (!send({ type: 'bookStarted', attempt })) return undefined
    try {
      send({ type: 'bookAnswered', outcome: await book.mutateAsync(attempt) })
      return undefined
    } catch (error) {
      send({ type: 'bookFailed', error })
      return fieldFailureOf(error)
    }
  }

  async function runTicket(mode: TicketMode, parts: BookParts | undefined, signature: string) {
    const path = mode === 'auto' ? (isLCC ? 'lcc' : 'gds') : mode
    if (!traceId) {
      send({ type: 'ticketRefused', message: FARE_MESSAGES.noTraceForTicket })
      return
    }
    const ref = flowRef(current.current)
    if (path === 'gds' && !ref.bookingId) {
      send({ type: 'ticketRefused', message: FARE_MESSAGES.noBookingToTicket })
      return
    }
    if (path === 'lcc' && !parts) return
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
    const attempt = attemptFor(current.current.openTicket, `${path}|${ref.bookingId ?? ''}|${signature}`, makeBody)
    if (!send({ type: 'ticketStarted', attempt })) return
    try {
      send({ type: 'ticketAnswered', outcome: await ticket.mutateAsync(attempt) })
    } catch (error) {
      send({ type: 'ticketFailed', error })
      return
    }
    // A ticket issued moves the flow straight on to reading the booking back (lib/booking-flow).
    const after = current.current
    if (after.step === 'refreshing') await loadDetails(after.bookingId)
  }

  return {
    state,
    runBook,
    runTicket,
    refreshDetails,
    clearPriceChange: () => void send({ type: 'priceChangeAccepted' }),
  }
}

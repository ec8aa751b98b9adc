import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import type {
  BookingWithPayments,
  Cancellation,
  CancellationAnswer,
  CancelInput,
  CancelQuote,
  CancelRefusal,
} from '@/lib/api-types'
import { bookingPath, bookingQueryKey } from './get-booking'

/**
 * Cancels tickets at the refund the traveller was shown (POST
 * /api/v1/me/bookings/{id}/cancellations): 202 with the cancellation, which
 * the server then sends to the airline. 409 charges_changed when the
 * airline's charges moved (the error's body carries the new quote: read it
 * with changedQuote); 409 not_cancellable or ticket_taken.
 */
export async function cancelTickets(id: string, input: CancelInput): Promise<Cancellation> {
  const answer = await api.post<CancellationAnswer>(`${bookingPath(id)}/cancellations`, input)
  return answer.cancellation
}

/** The new quote of a charges_changed refusal; undefined for any other failure. */
export function changedQuote(error: unknown): CancelQuote | undefined {
  if (!(error instanceof ApiError) || error.code !== 'charges_changed') return undefined
  const { quote } = error.body as Partial<CancelRefusal>
  return quote && typeof quote.refund === 'string' ? quote : undefined
}

/** The booking with a cancellation just made: listed, and its tickets being cancelled. */
function withCancellation(data: BookingWithPayments, c: Cancellation): BookingWithPayments {
  const taken = new Set(c.tickets.map((t) => t.ticketId))
  return {
    ...data,
    tickets: data.tickets?.map((t) => (taken.has(t.ticketId) ? { ...t, state: 'cancelling' } : t)),
    cancellations: [...(data.cancellations ?? []).filter((o) => o._id !== c._id), c],
  }
}

/**
 * Cancels, shows the cancellation on the booking at once, and reads the
 * booking again (which then follows it while it is open). A refusal also
 * reads the booking again: it may say the tickets were taken meanwhile.
 */
export function useCancelTickets(id: string) {
  const queryClient = useQueryClient()
  const key = bookingQueryKey(id)
  return useMutation({
    mutationFn: (input: CancelInput) => cancelTickets(id, input),
    onSuccess: (c) => queryClient.setQueryData<BookingWithPayments>(key, (old) => old && withCancellation(old, c)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

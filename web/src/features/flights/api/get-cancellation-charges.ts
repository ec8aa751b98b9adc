import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { CancelQuote, CancelQuoteAnswer } from '@/lib/api-types'
import { bookingPath } from './get-booking'

/**
 * What cancelling some of a booking's tickets would cost (GET
 * /api/v1/me/bookings/{id}/cancellation-charges?tickets=…), asked of the
 * airline live, so it may take several seconds; no tickets asks for every
 * ticket still held. Refusals: 400 (such as an infant left without an
 * adult), 409 not_cancellable or ticket_taken, 502 and 504 when the airline
 * does not answer.
 */
export async function getCancellationCharges(id: string, tickets: number[] = []): Promise<CancelQuote> {
  const query = tickets.length > 0 ? `?${new URLSearchParams({ tickets: tickets.join(',') }).toString()}` : ''
  const answer = await api.get<CancelQuoteAnswer>(`${bookingPath(id)}/cancellation-charges${query}`)
  return answer.quote
}

/**
 * The charges, asked for when the traveller presses See charges: every ask
 * is one airline call, and the dialog shows what that call answered. Kept
 * out of the query cache, as the airline's charges move with time.
 */
export function useCancellationCharges(id: string) {
  return useMutation({ mutationFn: (tickets: number[]) => getCancellationCharges(id, tickets) })
}

import { useMutation } from '@tanstack/react-query'
import type { TicketInput } from '@/lib/api-types'
import type { Attempt } from '../lib/idempotency'
import { ticketFlight } from './flights-client'

/**
 * Tickets one attempt under its Idempotency-Key (POST /api/v1/flights/{supplier}/ticket).
 * Never retried on its own: a repeat is the traveller's, with the same attempt.
 */
export function useTicketFlight() {
  return useMutation({
    mutationFn: (attempt: Attempt<TicketInput>) => ticketFlight(attempt.body, { idempotencyKey: attempt.key }),
  })
}

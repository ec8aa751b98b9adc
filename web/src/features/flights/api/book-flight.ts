import { useMutation } from '@tanstack/react-query'
import type { BookInput } from '@/lib/api-types'
import type { Attempt } from '../lib/idempotency'
import { bookFlight } from './flights-client'

/**
 * Books one attempt under its Idempotency-Key (POST /api/v1/flights/{supplier}/book).
 * Never retried on its own: a repeat is the traveller's, with the same attempt.
 */
export function useBookFlight() {
  return useMutation({
    mutationFn: (attempt: Attempt<BookInput>) => bookFlight(attempt.body, { idempotencyKey: attempt.key }),
  })
}

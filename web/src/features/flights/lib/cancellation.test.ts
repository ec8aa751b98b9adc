import { describe, expect, it } from 'vitest'
import { ASHA, cancellation, MIRA, quote, RAVI, ticketedBooking, tripData } from '@/testing/cancellations'
import {
  CANCELLATION_FAST_FOR_MS,
  CANCELLATION_POLL_MS,
  CANCELLATION_SLOW_POLL_MS,
  cancellationAmounts,
  cancellationPollMs,
  heldTickets,
  refundWhere,
  travellerName,
} from './cancellation'

const NOW = Date.parse('2026-11-22T10:00:00Z')

describe('cancellation', () => {
  it('holds the tickets neither cancelled nor being cancelled, of a ticketed booking only', () => {
    const data = tripData({ tickets: [RAVI, { ...ASHA, state: 'cancelling' }, { ...MIRA, state: 'cancelled' }] })
    expect(heldTickets(data)).toEqual([RAVI])
    expect(heldTickets(tripData({ booking: ticketedBooking({ status: 'cancelled' }) }))).toEqual([])
    expect(heldTickets(tripData({ tickets: undefined }))).toEqual([])
  })

  it('asks again every few seconds while a recent cancellation is open, more slowly later, not once none is', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString()
    const open = (over = {}) => tripData({ cancellations: [cancellation({ createdAt: at(60_000), ...over })] })
    expect(cancellationPollMs(open(), NOW)).toBe(CANCELLATION_POLL_MS)
    expect(cancellationPollMs(open({ status: 'sending' }), NOW)).toBe(CANCELLATION_POLL_MS)
    expect(cancellationPollMs(open({ status: 'with_airline', createdAt: at(CANCELLATION_FAST_FOR_MS + 1) }), NOW)).toBe(
      CANCELLATION_SLOW_POLL_MS,
    )
    expect(cancellationPollMs(open({ status: 'cancelled' }), NOW)).toBe(false)
    expect(cancellationPollMs(open({ status: 'refused' }), NOW)).toBe(false)
    expect(cancellationPollMs(tripData(), NOW)).toBe(false)
    expect(cancellationPollMs(undefined, NOW)).toBe(false)
  })

  it('says where a refund goes and how soon', () => {
    expect(refundWhere(quote())).toBe('to your UPI within 7 days')
    expect(refundWhere(quote({ refundTo: 'card', refundDays: 1 }))).toBe('to your card within 1 day')
    expect(refundWhere(quote({ refundTo: 'the original payment method' }))).toBe(
      'to the original payment method within 7 days',
    )
    expect(refundWhere(quote({ refundTo: '', refundDays: 0 }))).toBe('to the original payment method')
  })

  it('names a traveller with their type', () => {
    expect(travellerName(MIRA)).toBe('Miss Mira Kumar (Infant)')
  })

  it('shows the amounts quoted until the airline has cancelled, then the final ones', () => {
    expect(cancellationAmounts(cancellation({ status: 'with_airline' }))).toEqual({
      final: false,
      charge: '3000',
      refund: '5120.5',
    })
    expect(cancellationAmounts(cancellation({ status: 'cancelled', charge: '3250', refundDue: '4870.5' }))).toEqual({
      final: true,
      charge: '3250',
      refund: '4870.5',
    })
  })
})

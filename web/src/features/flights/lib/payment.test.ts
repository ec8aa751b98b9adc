import { describe, expect, it } from 'vitest'
import { familyFareResult, flightResult } from '@/testing/flights'
import { bookingRecord, paidPayment, payment, refund, withPayments } from '@/testing/payments'
import type { Booking, Payment, Refund } from '@/testing/wire'
import {
  amountToPay,
  awaitsPayment,
  extrasByTraveller,
  bookingState,
  closedText,
  isOutcomeOpen,
  latestPayment,
  paymentFailedText,
  paymentSummary,
  readPaymentReturn,
  type BookingState,
  type PaymentReturn,
} from './payment'

describe('payment summary', () => {
  it('tells the price per passenger type, each traveller’s fare and what the lines leave out', () => {
    // 2 adults, 1 child, 1 infant: ₹15,286.92 in the lines and ₹25 of other charges.
    const summary = paymentSummary(familyFareResult().FareBreakdown, '15311.92')
    expect(summary?.lines).toEqual([
      { label: 'Adults × 2', count: 2, each: 529346n, total: 1058692n },
      { label: 'Child × 1', count: 1, each: 400000n, total: 400000n },
      { label: 'Infant × 1', count: 1, each: 70000n, total: 70000n },
    ])
    expect(summary?.other).toBe(2500n)
    expect(summary?.total).toBe(1531192n)
  })

  it('leaves out the fare each when the line does not divide into paise', () => {
    const summary = paymentSummary(
      [{ Currency: 'INR', PassengerType: 1, PassengerCount: 3, BaseFare: '100', Tax: '0.01' }],
      '100.01',
    )
    expect(summary?.lines[0]).toEqual({ label: 'Adults × 3', count: 3, each: null, total: 10001n })
    expect(summary?.other).toBe(0n)
  })

  it('gives only the total when the breakdown does not fit the price, is unreadable or not in rupees', () => {
    const breakdown = flightResult().FareBreakdown
    expect(paymentSummary(breakdown, '5000')).toEqual({ lines: [], other: 0n, total: 500000n })
    expect(
      paymentSummary([{ PassengerType: 1, PassengerCount: 1, BaseFare: 'n/a', Tax: '1' }], '5293.46')?.lines,
    ).toEqual([])
    expect(
      paymentSummary([{ Currency: 'USD', PassengerType: 1, PassengerCount: 1, BaseFare: '60', Tax: '4' }], '5293.46')
        ?.lines,
    ).toEqual([])
    expect(paymentSummary(undefined, '5293.46')).toEqual({ lines: [], other: 0n, total: 529346n })
    expect(paymentSummary(breakdown, 'not money')).toBeNull()
  })
})

describe('what is paid and when', () => {
  it('pays what the booking still owes, else its price', () => {
    expect(amountToPay(bookingRecord({ amountDue: '350' }))).toBe('350')
    expect(amountToPay(bookingRecord({ amountDue: undefined }))).toBe('5293.46')
    expect(amountToPay(bookingRecord({ amountDue: '0' }))).toBe('5293.46')
    // Seats, meals and baggage are paid with the fare, to the paisa.
    expect(amountToPay(bookingRecord({ amountDue: undefined, extrasPrice: '1599.50' }))).toBe('6892.96')
  })

  it('adds up each traveller’s seats, meals and baggage, leaving out those who bought none or only free ones', () => {
    const line = (passenger: number, kind: 'seat' | 'meal' | 'baggage', code: string, price: string) => ({
      passenger,
      kind,
      code,
      price,
      label: `${kind} ${code}`,
    })
    const booking = bookingRecord({
      extras: [
        line(1, 'baggage', 'EB15', '7125'),
        line(0, 'seat', '5B', '350'),
        line(2, 'seat', '29A', '0'),
        line(0, 'meal', 'VCSW', '249.50'),
        line(1, 'seat', '5C', '350'),
      ],
      extrasPrice: '8074.50',
    })
    expect(extrasByTraveller(booking)).toEqual([
      { passenger: 0, paise: 59950n },
      { passenger: 1, paise: 747500n },
    ])
  })

  it.each<[string, Booking | undefined, boolean]>([
    ['a GDS booking with its seats held', bookingRecord(), true],
    ['an LCC fare recorded', bookingRecord({ status: 'quoted', isLCC: true, pnr: undefined }), true],
    ['a book answer without our record id', bookingRecord({ _id: '' }), false],
    ['a booking paid for in full', bookingRecord({ paid: '5293.46', amountDue: '0' }), false],
    ['a booking owing the difference of a fare', bookingRecord({ paid: '5293.46', amountDue: '350' }), true],
    ['a ticketed booking', bookingRecord({ status: 'ticketed' }), false],
    ['a failed one', bookingRecord({ status: 'failed' }), false],
    ['no booking', undefined, false],
  ])('%s awaits a payment: %s', (_, booking, expected) => {
    expect(awaitsPayment(booking)).toBe(expected)
  })

  it('reads only the returns the server writes', () => {
    expect(readPaymentReturn('paid')).toBe('paid')
    expect(readPaymentReturn('unverified')).toBe('unverified')
    expect(readPaymentReturn('PAID')).toBeUndefined()
    expect(readPaymentReturn(null)).toBeUndefined()
  })

  it('finds the newest order', () => {
    const older = payment({ _id: 'p1', createdAt: '2026-11-22T10:01:00Z' })
    const newer = payment({ _id: 'p2', createdAt: '2026-11-22T10:09:00Z' })
    expect(latestPayment([newer, older])).toBe(newer)
    expect(latestPayment([older, newer])).toBe(newer)
    expect(latestPayment([])).toBeUndefined()
  })
})

const failed = payment({ status: 'attempted', failure: 'Payment was declined by the bank.' })
const paid = paidPayment()

describe('booking state', () => {
  it.each<[string, Partial<Booking>, Payment[], Refund[], PaymentReturn | undefined, BookingState, boolean]>([
    ['ticketed whatever the return says', { status: 'ticketed' }, [paid], [], 'failed', 'ticketed', false],
    ['a failed ticket with its refund on the way', { status: 'failed' }, [paid], [refund()], 'paid', 'closed', true],
    [
      'a failed ticket, refunded',
      { status: 'failed' },
      [paid],
      [refund({ status: 'processed' })],
      undefined,
      'closed',
      false,
    ],
    ['expired unpaid', { status: 'expired' }, [], [], undefined, 'closed', false],
    ['cancelled', { status: 'cancelled' }, [], [], 'cancelled', 'closed', false],
    [
      'a fare that moved at ticketing',
      { priceChanged: true, newPrice: '5643.46', paid: '5293.46', amountDue: '350' },
      [paid],
      [],
      'paid',
      'priceChanged',
      false,
    ],
    [
      'the difference paid',
      { priceChanged: true, newPrice: '5643.46', paid: '5643.46', amountDue: '0' },
      [paid],
      [],
      'paid',
      'issuing',
      true,
    ],
    ['paid, ticket on its way', { paid: '5293.46', amountDue: '0' }, [paid], [], 'paid', 'issuing', true],
    ['back as paid before the record says so', {}, [payment()], [], 'paid', 'issuing', true],
    ['paid, without a return', { status: 'quoted', paid: '5293.46' }, [paid], [], undefined, 'issuing', true],
    ['the ticket being issued', { status: 'ticketing' }, [], [], undefined, 'confirming', true],
    ['the airline being asked', { status: 'unknown' }, [], [], undefined, 'confirming', true],
    ['back from a failed payment', {}, [failed], [], 'failed', 'paymentFailed', false],
    ['a failed attempt, opened again later', {}, [failed], [], undefined, 'paymentFailed', false],
    ['back after leaving the checkout', {}, [payment()], [], 'cancelled', 'left', false],
    ['back unconfirmed', {}, [payment()], [], 'unverified', 'unverified', true],
    ['back unconfirmed after an earlier failed attempt', {}, [failed], [], 'unverified', 'unverified', true],
    ['waiting for a payment', {}, [], [], undefined, 'awaitingPayment', false],
  ])('%s', (_, over, payments, refunds, ret, state, open) => {
    const data = withPayments(bookingRecord(over), payments, refunds)
    expect(bookingState(data, ret)).toBe(state)
    expect(isOutcomeOpen(data, ret)).toBe(open)
  })

  it('words a failed payment with the gateway’s reason, once', () => {
    expect(paymentFailedText('Payment was declined by the bank.')).toBe(
      'Your payment did not go through: Payment was declined by the bank.',
    )
    expect(paymentFailedText('insufficient funds')).toBe('Your payment did not go through: insufficient funds.')
    expect(paymentFailedText(undefined)).toBe('Your payment did not go through.')
    expect(paymentFailedText('  ')).toBe('Your payment did not go through.')
  })

  it('says why a booking ended: the API’s reason, else its status in words', () => {
    expect(closedText(bookingRecord({ status: 'failed', failure: 'The airline refused the fare.' }))).toBe(
      'The airline refused the fare.',
    )
    expect(closedText(bookingRecord({ status: 'expired' }))).toBe(
      'The time to pay ran out, so the booking was released.',
    )
    expect(closedText(bookingRecord({ status: 'cancelled' }))).toBe('This booking was cancelled.')
    expect(closedText(bookingRecord({ status: 'failed' }))).toBe('We could not issue your ticket.')
  })
})

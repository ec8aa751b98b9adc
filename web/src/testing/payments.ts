// Bookings, orders and refunds for web tests, shaped as the API sends them
// (amounts as strings, timestamps in UTC, the gateway's order ids).
import type { Booking, BookingWithPayments, MyPayments, Payment, PaymentOrder, Refund } from './wire'

export const BOOKING_ID = '7d1f6a3e-2b4c-4f5e-9a8b-1c2d3e4f5a6b'

/** Where the gateway's hosted checkout takes the form. */
export const CHECKOUT_ACTION = 'https://api.razorpay.com/v1/checkout/embedded'

/** Our record of a GDS booking BOM → DEL with its seats held, not paid yet. */
export function bookingRecord(over: Partial<Booking> = {}): Booking {
  return {
    _id: BOOKING_ID,
    supplier: 'tbo',
    status: 'booked',
    isLCC: false,
    traceId: '5f0c8a1e-3b7d-4c29-9e41-7a2d6b8f0c13',
    resultIndex: 'OB1',
    extras: [],
    extrasPrice: '0',
    pnr: 'ABC123',
    bookingId: 4711,
    price: '5293.46',
    currency: 'INR',
    origin: 'BOM',
    destination: 'DEL',
    departure: '2027-01-15T06:05:00',
    airline: '6E',
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-22T10:00:00Z',
    payBy: new Date(Date.now() + 15 * 60_000).toISOString(),
    paid: '0',
    refunded: '0',
    amountDue: '5293.46',
    ...over,
  }
}

/** An order for the booking, opened and not paid yet. */
export function payment(over: Partial<Payment> = {}): Payment {
  return {
    _id: 'a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    bookingId: BOOKING_ID,
    orderId: 'order_NQ3xkLmP8vR2tY',
    amount: '5293.46',
    currency: 'INR',
    status: 'created',
    createdAt: '2026-11-22T10:01:00Z',
    ...over,
  }
}

/** The same order, paid by UPI. */
export function paidPayment(over: Partial<Payment> = {}): Payment {
  return payment({
    status: 'paid',
    method: 'upi',
    paymentId: 'pay_NQ3yAbCdEf1234',
    paidAt: '2026-11-22T10:02:00Z',
    ...over,
  })
}

export function refund(over: Partial<Refund> = {}): Refund {
  return {
    _id: 'e1b2c3d4-0000-4000-8000-000000000001',
    bookingId: BOOKING_ID,
    amount: '5293.46',
    currency: 'INR',
    status: 'requested',
    reason: 'The ticket could not be issued.',
    createdAt: '2026-11-22T10:05:00Z',
    updatedAt: '2026-11-22T10:05:00Z',
    ...over,
  }
}

export function withPayments(booking: Booking, payments: Payment[] = [], refunds: Refund[] = []): BookingWithPayments {
  return { booking, payments, refunds }
}

/** The answer to POST .../payment: the order and the form to post to the gateway. */
export function paymentOrder(over: Partial<Payment> = {}): PaymentOrder {
  return {
    payment: payment(over),
    checkout: {
      action: CHECKOUT_ACTION,
      fields: {
        key_id: 'rzp_test_1DP5mmOlF5G5ag',
        order_id: 'order_NQ3xkLmP8vR2tY',
        name: 'Paryatan',
        description: 'Flight BOM → DEL',
        'prefill[email]': 'asha@example.in',
        'prefill[contact]': '+919876543210',
        callback_url: 'https://paryatan.example.in/api/v1/payments/razorpay/callback',
        cancel_url: `https://paryatan.example.in/flights/booking/${BOOKING_ID}?payment=cancelled`,
      },
    },
  }
}

type PaymentWithTrip = MyPayments['payments'][number]

/** A payment as My Payments lists it, with its trip. */
export function paymentWithTrip(
  over: Partial<Payment> = {},
  trip: Partial<PaymentWithTrip['trip']> = {},
): PaymentWithTrip {
  return {
    ...paidPayment(over),
    trip: {
      origin: 'DEL',
      destination: 'BOM',
      departure: '2027-01-15T06:05:00',
      airline: 'AI',
      status: 'ticketed',
      ...trip,
    },
  }
}

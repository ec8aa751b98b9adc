import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import {
  BOOKING_ID,
  bookingRecord,
  CHECKOUT_ACTION,
  paidPayment,
  payment,
  paymentOrder,
  refund,
  withPayments,
} from '@/testing/payments'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes, spokenText, testUser, type RecordedCall } from '@/testing/test-utils'
import type { BookingWithPayments } from '@/testing/wire'
import { routes } from '../router'

const user = testUser()

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** The booking page as the gateway's return opens it; `answers` are what GET answers, the last one again and again. */
function open(answers: BookingWithPayments[], ret?: string) {
  let n = 0
  server.use(
    api.me(() => HttpResponse.json({ user })),
    api.booking(({ params }) => {
      if (params.id !== BOOKING_ID) return errorReply(404, { error: 'not_found', message: 'No such booking.' })
      const answer = answers[Math.min(n, answers.length - 1)]
      n += 1
      return HttpResponse.json(answer)
    }),
  )
  const calls = recordCalls()
  const path = `/flights/booking/${BOOKING_ID}${ret ? `?payment=${ret}` : ''}`
  const utils = renderRoutes({ routes, initialEntries: [path] })
  return { calls, ...utils }
}

const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path.endsWith(BOOKING_ID))
const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })
const status = () => screen.getByTestId('booking-status')

/** Catches the checkout form as it is posted, instead of leaving the page. */
function catchCheckout() {
  const posted: HTMLFormElement[] = []
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(this)
  })
  return posted
}

function fieldsOf(form: HTMLFormElement | undefined): Record<string, string> {
  return Object.fromEntries([...(form?.querySelectorAll('input') ?? [])].map((i) => [i.name, i.value]))
}

/** Lets `ms` of the page's clock pass. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

const paidBooking = bookingRecord({ paid: '5293.46', amountDue: '0' })

describe('booking page', () => {
  it('issues the ticket after a payment, asking every 2 seconds until it is, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { calls } = open(
      [
        withPayments(paidBooking, [paidPayment()]),
        withPayments(bookingRecord({ status: 'ticketing', paid: '5293.46', amountDue: '0' }), [paidPayment()]),
        withPayments(bookingRecord({ status: 'ticketed', pnr: 'Q7XK2P', paid: '5293.46', amountDue: '0' }), [
          paidPayment(),
        ]),
      ],
      'paid',
    )
    expect(await h1('Payment received')).toBeInTheDocument()
    expect(status()).toHaveTextContent('Payment received, issuing your ticket…')
    expect(status()).toHaveAttribute('aria-live', 'polite')
    await pass(2000)
    await pass(2000)
    expect(await h1('Ticket issued')).toBeInTheDocument()
    expect(status()).toHaveTextContent('Ticket issued successfully.')
    const summary = within(screen.getByTestId('booking-summary'))
    expect(summary.getByText('Q7XK2P')).toBeInTheDocument()
    expect(summary.getByText('BOM → DEL')).toBeInTheDocument()
    expect(summary.getByText(/^Fri, 15 Jan,? 2027, 06:05$/)).toBeInTheDocument()
    expect(summary.getByText('Amount paid').nextElementSibling).toHaveTextContent('₹5,293.46')
    expect(screen.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', `/account/trips/${BOOKING_ID}`)
    expect(screen.getByRole('link', { name: 'My Payments' })).toHaveAttribute('href', '/account/payments')
    const settled = reads(calls).length
    expect(settled).toBe(3)
    await pass(10_000)
    expect(reads(calls)).toHaveLength(settled)
  })

  it('says a failed payment took no money, and retries it on the same booking', async () => {
    const posted = catchCheckout()
    const failed = payment({ status: 'attempted', failure: 'Payment was declined by the bank.' })
    const { calls } = open([withPayments(bookingRecord(), [failed])], 'failed')
    server.use(api.payBooking(() => HttpResponse.json(paymentOrder())))
    expect(await h1('Payment failed')).toBeInTheDocument()
    expect(status()).toHaveTextContent('Your payment did not go through: Payment was declined by the bank.')
    expect(status()).toHaveTextContent('No money was taken.')
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^Pay within 1[45]:\d\d$/)
    await userEvent.click(screen.getByRole('button', { name: 'Retry payment' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]?.action).toBe(CHECKOUT_ACTION)
    expect(posted[0]?.method).toBe('post')
    expect(fieldsOf(posted[0])).toEqual(paymentOrder().checkout.fields)
    const pays = calls.filter((c) => c.path === `/api/v1/me/bookings/${BOOKING_ID}/payment`)
    expect(pays).toHaveLength(1)
    expect(pays[0]?.method).toBe('POST')
    // Nothing the browser sends names an amount.
    expect(pays[0]?.body).toBeUndefined()
    expect(screen.getByRole('button', { name: 'Taking you to payment…' })).toBeDisabled()
    expect(reads(calls)).toHaveLength(1)
  })

  it('offers to pay again after leaving the checkout', async () => {
    const posted = catchCheckout()
    open([withPayments(bookingRecord(), [payment()])], 'cancelled')
    server.use(api.payBooking(() => HttpResponse.json(paymentOrder())))
    expect(await h1('Payment not completed')).toBeInTheDocument()
    expect(status()).toHaveTextContent('You left the payment page before paying.')
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹5,293.46' }))
    await waitFor(() => expect(posted).toHaveLength(1))
  })

  it('shows why the order could not be opened, in the API’s words', async () => {
    const posted = catchCheckout()
    let answer = 0
    open([withPayments(bookingRecord(), [payment()])], 'cancelled')
    server.use(
      api.payBooking(() => {
        answer += 1
        if (answer === 1) {
          return errorReply(502, {
            error: 'payment_unavailable',
            message: 'Payments are unavailable just now. Please try again in a minute.',
          })
        }
        if (answer === 2) return HttpResponse.error()
        return errorReply(409, {
          error: 'payment_window_over',
          message: 'The time to pay for this booking is over. Please search again.',
        })
      }),
    )
    const pay = await screen.findByRole('button', { name: 'Pay ₹5,293.46' })
    await userEvent.click(pay)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payments are unavailable just now. Please try again in a minute.',
    )
    // A network failure reads the same.
    await userEvent.click(pay)
    await waitFor(() => expect(answer).toBe(2))
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are unavailable just now.')
    await userEvent.click(pay)
    expect(
      await screen.findByText('The time to pay for this booking is over. Please search again.'),
    ).toBeInTheDocument()
    expect(posted).toHaveLength(0)
  })

  it('says payments are unavailable when the page may not post the checkout, and lets the traveller try again', async () => {
    const posted = catchCheckout()
    open([withPayments(bookingRecord(), [payment()])], 'cancelled')
    server.use(api.payBooking(() => HttpResponse.json(paymentOrder())))
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹5,293.46' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Taking you to payment…' })).toBeDisabled()
    // What the browser reports when the page's security policy refuses the form (form-action).
    act(() => {
      document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'form-action' }))
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payments are unavailable just now. Please try again in a minute.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹5,293.46' }))
    await waitFor(() => expect(posted).toHaveLength(2))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('keeps asking about a payment not confirmed yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { calls } = open([withPayments(bookingRecord(), [payment()])], 'unverified')
    expect(await h1('Confirming your payment')).toBeInTheDocument()
    expect(status()).toHaveTextContent(
      'We could not confirm this payment yet. If money left your account, we will issue your ticket or refund it automatically.',
    )
    await pass(4100)
    expect(reads(calls).length).toBeGreaterThanOrEqual(3)
  })

  it('gives up asking after 5 minutes and says where the outcome will show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { calls } = open([withPayments(paidBooking, [paidPayment()])], 'paid')
    expect(await h1('Payment received')).toBeInTheDocument()
    expect(status()).not.toHaveTextContent('taking longer')
    await pass(5 * 60_000)
    expect(status()).toHaveTextContent(
      'This is taking longer than usual. We will e-mail you, and My Trips will show the outcome.',
    )
    const asked = reads(calls).length
    expect(asked).toBeGreaterThan(100)
    await pass(10_000)
    expect(reads(calls)).toHaveLength(asked)
  })

  it('offers to pay the difference of a fare that moved, or to cancel for a full refund', async () => {
    const posted = catchCheckout()
    const moved = bookingRecord({ priceChanged: true, newPrice: '5643.46', paid: '5293.46', amountDue: '350' })
    const { calls } = open([withPayments(moved, [paidPayment()])], 'paid')
    server.use(
      api.payBooking(() => HttpResponse.json(paymentOrder({ amount: '350' }))),
      api.cancelBooking(() =>
        HttpResponse.json(
          withPayments(
            bookingRecord({ status: 'cancelled', paid: '5293.46', refunded: '5293.46' }),
            [paidPayment()],
            [refund({ reason: 'Cancelled by the traveller.' })],
          ),
        ),
      ),
    )
    expect(await h1('The fare has changed')).toBeInTheDocument()
    expect(status()).toHaveTextContent("The airline's fare changed to ₹5,643.46.")
    await userEvent.click(screen.getByRole('button', { name: 'Cancel for a full refund' }))
    const question = screen.getByRole('group', { name: 'Cancel this booking?' })
    expect(question).toHaveTextContent('everything you paid is refunded in full')
    await userEvent.click(within(question).getByRole('button', { name: 'Keep booking' }))
    expect(calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Pay the difference of ₹350' }))
    await waitFor(() => expect(posted).toHaveLength(1))

    await userEvent.click(screen.getByRole('button', { name: 'Cancel for a full refund' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }))
    expect(await h1('Booking cancelled')).toBeInTheDocument()
    expect(status()).toHaveTextContent('This booking was cancelled.')
    expect(spokenText(status())).toContain('5,293 rupees 46 paise: Refund requested')
    expect(calls.filter((c) => c.path === `/api/v1/me/bookings/${BOOKING_ID}/cancel`)).toHaveLength(1)
  })

  it('says when the airline moved only the price of the seats, meals and baggage, and asks the difference', async () => {
    catchCheckout()
    const moved = bookingRecord({
      isLCC: true,
      priceChanged: true,
      newPrice: '5293.46',
      extrasPrice: '350',
      newExtrasPrice: '385',
      paid: '5643.46',
      amountDue: '35',
    })
    open([withPayments(moved, [paidPayment()])], 'paid')
    expect(await h1('The price has changed')).toBeInTheDocument()
    expect(status()).toHaveTextContent(
      'The airline changed the price of the seats, meals and baggage chosen from ₹350 to ₹385.',
    )
    expect(screen.getByRole('button', { name: 'Pay the difference of ₹35' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel for a full refund' })).toBeInTheDocument()
  })

  it('shows a failed ticket’s reason and where each refund is', async () => {
    open(
      [
        withPayments(
          bookingRecord({ status: 'failed', failure: 'The airline refused the fare.', paid: '5293.46' }),
          [paidPayment()],
          [
            refund({ _id: 'r1', amount: '1000', status: 'requested' }),
            refund({ _id: 'r2', amount: '2000', status: 'pending' }),
            refund({ _id: 'r3', amount: '2293.46', status: 'processed' }),
            refund({ _id: 'r4', amount: '1', status: 'failed' }),
          ],
        ),
      ],
      'paid',
    )
    expect(await h1('Booking failed')).toBeInTheDocument()
    expect(status()).toHaveTextContent('The airline refused the fare.')
    const refunds = within(status()).getAllByTestId('refund')
    expect(refunds.map((r) => spokenText(r))).toEqual([
      '1,000 rupees: Refund requested',
      '2,000 rupees: Refund on its way',
      '2,293 rupees 46 paise: Refunded',
      '1 rupee: Refund failed — we will contact you',
    ])
    expect(refunds[0]).toHaveTextContent(/^₹1,000/)
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument()
  })

  it('says an unpaid booking whose time ran out was released', async () => {
    open([withPayments(bookingRecord({ status: 'expired', payBy: '2026-11-22T10:15:00Z' }))])
    expect(await h1('Booking expired')).toBeInTheDocument()
    expect(status()).toHaveTextContent('The time to pay ran out, so the booking was released.')
    expect(screen.queryByRole('button', { name: /Pay|Cancel/ })).toBeNull()
  })

  it('counts down the time to pay, and stops taking payment when it is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { calls } = open([withPayments(bookingRecord({ payBy: new Date(Date.now() + 61_500).toISOString() }))])
    expect(await h1('Pay for your booking')).toBeInTheDocument()
    expect(screen.getByTestId('pay-countdown')).toHaveTextContent(/^Pay within 1:0[12]$/)
    expect(screen.getByTestId('pay-countdown')).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByText('Pay within 2 minutes')).toBeInTheDocument()
    await pass(2000)
    expect(screen.getByText('Pay within 1 minute')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeEnabled()
    await pass(60_000)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The time to pay for this booking is over. Please search again.',
    )
    expect(screen.getByRole('button', { name: 'Pay ₹5,293.46' })).toBeDisabled()
    // The page asks once how the booking stands now.
    await waitFor(() => expect(reads(calls)).toHaveLength(2))
  })

  it('cancels an unpaid booking once confirmed', async () => {
    const { calls } = open([withPayments(bookingRecord())])
    server.use(api.cancelBooking(() => HttpResponse.json(withPayments(bookingRecord({ status: 'cancelled' })))))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }))
    expect(screen.getByRole('group', { name: 'Cancel this booking?' })).toHaveTextContent('The booking is released.')
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }))
    expect(await h1('Booking cancelled')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1)
  })

  it('shows why a booking could not be cancelled', async () => {
    open([withPayments(bookingRecord())])
    server.use(
      api.cancelBooking(() =>
        errorReply(409, { error: 'already_paid', message: 'This booking is paid and its ticket is being issued.' }),
      ),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking is paid and its ticket is being issued.')
  })

  it('answers another user’s or an unknown booking with No such booking.', async () => {
    server.use(
      api.me(() => HttpResponse.json({ user })),
      api.booking(() => errorReply(404, { error: 'not_found', message: 'No such booking.' })),
    )
    renderRoutes({ routes, initialEntries: ['/flights/booking/0f0e0d0c-0000-4000-8000-000000000000?payment=paid'] })
    expect(await h1('Booking not found')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No such booking.')
    expect(screen.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/account/trips')
  })

  it('asks a signed-out visitor to sign in and shows nothing', async () => {
    renderRoutes({ routes, initialEntries: [`/flights/booking/${BOOKING_ID}?payment=paid`] })
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  })
})

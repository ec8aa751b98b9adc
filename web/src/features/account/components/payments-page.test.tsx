import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { BOOKING_ID, payment, paymentWithTrip, refund } from '@/testing/payments'
import { server } from '@/testing/server'
import { renderRoutes } from '@/testing/test-utils'
import type { MyPayments } from '@/testing/wire'
import { PaymentsPage } from './payments-page'

const OTHER_BOOKING = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'

function setup(answer: MyPayments) {
  server.use(api.myPayments(() => HttpResponse.json(answer)))
  renderRoutes({ routes: [{ path: '/', element: <PaymentsPage /> }] })
}

describe('PaymentsPage', () => {
  it('says there is nothing yet when there are no payments or refunds', async () => {
    setup({ payments: [], refunds: [] })
    expect(await screen.findByText('No payments yet. Your payments and refunds will appear here.')).toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('lists each payment with its date, trip, amount, method, status and order, linked to its booking', async () => {
    setup({
      payments: [
        paymentWithTrip({ amount: '1234567.5', method: 'netbanking', paidAt: '2026-11-22T10:02:00Z' }),
        paymentWithTrip(
          {
            _id: 'p2',
            bookingId: OTHER_BOOKING,
            orderId: 'order_Failed0001',
            status: 'attempted',
            method: 'card',
            paidAt: undefined,
            createdAt: '2026-11-21T08:00:00Z',
          },
          { origin: 'BOM', destination: 'GOI' },
        ),
        { ...paymentWithTrip({ _id: 'p3', status: 'created', method: undefined, paidAt: undefined }), ...payment() },
      ],
      refunds: [],
    })
    const list = await screen.findByRole('list', { name: 'Payments' })
    const [paid, failed, open] = within(list).getAllByTestId('payment')
    expect(paid).toHaveTextContent('DEL → BOM')
    expect(paid).toHaveTextContent('22 Nov 2026, 3:32 pm IST · Net banking')
    expect(paid).toHaveTextContent('₹12,34,567.50')
    expect(paid).toHaveTextContent('Paid')
    expect(paid).toHaveTextContent('Order order_NQ3xkLmP8vR2tY')
    expect(within(paid as HTMLElement).getByRole('link', { name: /^View booking DEL to BOM/ })).toHaveAttribute(
      'href',
      `/flights/booking/${BOOKING_ID}`,
    )
    expect(failed).toHaveTextContent('BOM → GOI')
    expect(failed).toHaveTextContent('21 Nov 2026, 1:30 pm IST · Card')
    expect(failed).toHaveTextContent('Failed')
    expect(within(failed as HTMLElement).getByRole('link', { name: /View booking BOM to GOI/ })).toHaveAttribute(
      'href',
      `/flights/booking/${OTHER_BOOKING}`,
    )
    expect(open).toHaveTextContent('Awaiting payment')
    expect(document.body).not.toHaveTextContent(/undefined|null/)
    expect(screen.queryByRole('list', { name: 'Refunds' })).not.toBeInTheDocument()
  })

  it('lists each refund with its date, amount, status and reason, and the trip its payment names', async () => {
    setup({
      payments: [paymentWithTrip()],
      refunds: [
        refund({ status: 'pending', createdAt: '2026-11-23T09:00:00Z' }),
        refund({ _id: 'r2', bookingId: OTHER_BOOKING, status: 'failed', amount: '350', reason: 'Fare declined.' }),
      ],
    })
    const list = await screen.findByRole('list', { name: 'Refunds' })
    const [first, second] = within(list).getAllByTestId('refund')
    expect(first).toHaveTextContent('DEL → BOM')
    expect(first).toHaveTextContent('23 Nov 2026, 2:30 pm IST')
    expect(first).toHaveTextContent('₹5,293.46')
    expect(first).toHaveTextContent('Refund on its way')
    expect(first).toHaveTextContent('The ticket could not be issued.')
    expect(within(first as HTMLElement).getByRole('link', { name: /^View booking DEL to BOM/ })).toHaveAttribute(
      'href',
      `/flights/booking/${BOOKING_ID}`,
    )
    expect(second).not.toHaveTextContent('→')
    expect(second).toHaveTextContent('Refund failed — we will contact you')
    expect(second).toHaveTextContent('Fare declined.')
    expect(
      within(second as HTMLElement).getByRole('link', { name: /View booking, refund of 350 rupees/ }),
    ).toHaveAttribute('href', `/flights/booking/${OTHER_BOOKING}`)
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toBeInTheDocument()
  })

  it('shows why the payments could not be loaded', async () => {
    server.use(
      api.myPayments(() =>
        errorReply(500, { error: 'internal', message: 'Something went wrong on our side. Please try again.' }),
      ),
    )
    renderRoutes({ routes: [{ path: '/', element: <PaymentsPage /> }] })
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    )
  })
})

import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { useParams } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ASHA, cancellation, MIRA, quote, quoted, RAVI, tripData, tripDetails } from '@/testing/cancellations'
import { api, errorReply } from '@/testing/handlers'
import { BOOKING_ID } from '@/testing/payments'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderRoutes, spokenText, type RecordedCall } from '@/testing/test-utils'
import type { BookingWithPayments, CancelQuoteAnswer } from '@/testing/wire'
import { TripPage } from './trip-page'

type ChargesResolver = Parameters<typeof api.cancellationCharges>[0]
type CancelResolver = Parameters<typeof api.cancelTickets>[0]

afterEach(() => {
  vi.useRealTimers()
})

function TripPageRoute() {
  const { id = '' } = useParams()
  return <TripPage id={id} />
}

/**
 * The trip page of a ticketed booking; GET answers `booking.data` as it
 * stands, so a test moves the booking on by changing it.
 */
function setup(
  data: BookingWithPayments,
  {
    charges = () => HttpResponse.json({ quote: quote() }),
    cancel = () => HttpResponse.json({ cancellation: cancellation() }, { status: 202 }),
  }: { charges?: ChargesResolver; cancel?: CancelResolver } = {},
) {
  const booking = { data }
  server.use(
    api.booking(() => HttpResponse.json(booking.data)),
    api.bookingDetails(() => HttpResponse.json(tripDetails(booking.data.tickets))),
    api.cancellationCharges(charges),
    api.cancelTickets(cancel),
  )
  const calls = recordCalls()
  renderRoutes({
    routes: [{ path: '/account/trips/:id', element: <TripPageRoute /> }],
    initialEntries: [`/account/trips/${BOOKING_ID}`],
  })
  return { calls, booking }
}

const chargesCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.endsWith('/cancellation-charges'))
const cancelCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.endsWith('/cancellations'))

async function openSome() {
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel some travellers' }))
  return screen.findByRole('dialog', { name: 'Cancel some travellers' })
}

describe('cancelling a ticketed booking', () => {
  it('shows the charges and the refund before anything is sent, then cancels the traveller at the refund shown', async () => {
    const held = deferred<void>()
    const { calls, booking } = setup(tripData(), {
      charges: async () => {
        await held.promise
        return HttpResponse.json<CancelQuoteAnswer>({ quote: quote() })
      },
    })
    const dialog = within(await openSome())

    // Nothing chosen: said so, and the airline is not asked.
    await userEvent.click(dialog.getByRole('button', { name: 'See charges' }))
    expect(dialog.getByRole('alert')).toHaveTextContent('Choose at least one traveller to cancel.')
    expect(chargesCalls(calls)).toHaveLength(0)

    const group = dialog.getByRole('group', { name: 'Who is no longer travelling?' })
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2)
    await userEvent.click(within(group).getByRole('checkbox', { name: /Ms Asha Rao/ }))
    expect(within(group).getByRole('checkbox', { name: /Ms Asha Rao/ })).toHaveAccessibleName(
      /Adult · Ticket number 0981234567891/,
    )
    await userEvent.click(dialog.getByRole('button', { name: 'See charges' }))

    // The airline is asked live: the dialog says so while it waits, and focus is on those words.
    const asking = await dialog.findByRole('status')
    expect(asking).toHaveTextContent('Asking the airline for the cancellation charges.')
    expect(asking).toHaveFocus()
    expect(dialog.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument()
    held.resolve()

    const shown = await dialog.findByTestId('cancel-quote')
    expect(dialog.getByRole('heading', { name: 'Check before you cancel' })).toHaveFocus()
    expect(chargesCalls(calls).map((c) => c.url)).toEqual([
      `/api/v1/me/bookings/${BOOKING_ID}/cancellation-charges?tickets=9102`,
    ])
    const q = within(shown)
    expect(q.getAllByTestId('cancel-quote-traveller')).toHaveLength(1)
    expect(q.getByTestId('cancel-quote-traveller')).toHaveTextContent('Ms Asha Rao (Adult)')
    expect(q.getByTestId('cancel-quote-traveller')).toHaveTextContent('Ticket number 0981234567891')
    expect(q.getByRole('list', { name: 'Flight' })).toHaveTextContent(/^BOM → DELFri, 15 Jan,? 2027, 06:05 · AI-865$/)
    expect(q.getByText("Airline's cancellation charge").nextElementSibling).toHaveTextContent('₹3,000')
    expect(q.getByText('Our fee').nextElementSibling).toHaveTextContent('₹0')
    expect(q.getByText('Refund').nextElementSibling).toHaveTextContent('₹5,120.50')
    expect(q.getByTestId('cancel-quote-refund-amount')).toHaveTextContent(/^₹5,120\.50$/)
    expect(spokenText(q.getByTestId('cancel-quote-refund'))).toBe(
      'Refund of 5,120 rupees 50 paise to your UPI within 7 days.',
    )
    expect(cancelCalls(calls)).toHaveLength(0)

    // Confirmed: the tickets and the refund as shown, string for string.
    booking.data = tripData({
      tickets: [RAVI, { ...ASHA, state: 'cancelling' }],
      cancellations: [cancellation()],
    })
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm cancellation' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(cancelCalls(calls)).toHaveLength(1)
    expect(cancelCalls(calls)[0]?.method).toBe('POST')
    expect(cancelCalls(calls)[0]?.body).toEqual({ tickets: [9102], refund: '5120.5' })

    // Focus is on the cancellation's status, which says where it stands as it moves.
    const status = screen.getByTestId('cancellation-status')
    await waitFor(() => expect(status).toHaveFocus())
    expect(status).toHaveAttribute('role', 'status')
    expect(status).toHaveTextContent('Cancellation requested')
    const travellers = screen.getAllByTestId('trip-passenger')
    expect(within(travellers[1]!).getByTestId('ticket-state')).toHaveTextContent('Cancellation in progress')
    expect(within(travellers[0]!).queryByTestId('ticket-state')).not.toBeInTheDocument()
    // One traveller still holds a ticket: the booking can be cancelled, not split again.
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel some travellers' })).not.toBeInTheDocument()
  })

  it('shows the new refund when the charges changed, and confirms that one', async () => {
    let posts = 0
    const { calls } = setup(tripData(), {
      cancel: () => {
        posts += 1
        if (posts === 1) {
          return HttpResponse.json(
            {
              ok: false as const,
              error: 'charges_changed',
              message: "The airline's charges have changed. Please review the new refund before confirming.",
              quote: quote({ charge: '3500', refund: '4620.5' }),
            },
            { status: 409 },
          )
        }
        return HttpResponse.json(
          { cancellation: cancellation({ quotedCharge: '3500', quotedRefund: '4620.5' }) },
          { status: 202 },
        )
      },
    })
    const dialog = within(await openSome())
    await userEvent.click(dialog.getByRole('checkbox', { name: /Ms Asha Rao/ }))
    await userEvent.click(dialog.getByRole('button', { name: 'See charges' }))
    await userEvent.click(await dialog.findByRole('button', { name: 'Confirm cancellation' }))

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      "The airline's charges have changed. Please review the new refund before confirming.",
    )
    expect(spokenText(dialog.getByTestId('cancel-quote-refund'))).toBe(
      'Refund of 4,620 rupees 50 paise to your UPI within 7 days.',
    )
    expect(dialog.getByText("Airline's cancellation charge").nextElementSibling).toHaveTextContent('₹3,500')
    expect(dialog.getByRole('heading', { name: 'Check before you cancel' })).toHaveFocus()
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    await userEvent.click(dialog.getByRole('button', { name: 'Confirm cancellation' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(cancelCalls(calls).map((c) => c.body)).toEqual([
      { tickets: [9102], refund: '5120.5' },
      { tickets: [9102], refund: '4620.5' },
    ])
  })

  it('says why an infant cannot be left alone, where the travellers are chosen, and sends nothing', async () => {
    const message = 'An infant must travel with an adult: cancel the infant too, or keep an adult on the booking.'
    const { calls } = setup(tripData({ tickets: [RAVI, ASHA, MIRA] }), {
      charges: ({ request }) =>
        new URL(request.url).searchParams.get('tickets') === '9101,9102'
          ? errorReply(400, { error: 'invalid_input', message, field: 'tickets' })
          : HttpResponse.json({ quote: quote({ tickets: [quoted(RAVI), quoted(ASHA), quoted(MIRA)] }) }),
    })
    const dialog = within(await openSome())
    await userEvent.click(dialog.getByRole('checkbox', { name: /Ms Asha Rao/ }))
    await userEvent.click(dialog.getByRole('checkbox', { name: /Mr Ravi Kumar/ }))
    await userEvent.click(dialog.getByRole('button', { name: 'See charges' }))

    const alert = await dialog.findByRole('alert')
    expect(alert).toHaveTextContent(message)
    await waitFor(() => expect(alert).toHaveFocus())
    expect(dialog.getByRole('checkbox', { name: /Ms Asha Rao/ })).toBeChecked()
    expect(dialog.getByRole('checkbox', { name: /Miss Mira Kumar/ })).not.toBeChecked()
    expect(dialog.queryByRole('button', { name: 'Confirm cancellation' })).not.toBeInTheDocument()

    await userEvent.click(dialog.getByRole('checkbox', { name: /Miss Mira Kumar/ }))
    await userEvent.click(dialog.getByRole('button', { name: 'See charges' }))
    expect(await dialog.findByTestId('cancel-quote')).toBeInTheDocument()
    expect(chargesCalls(calls).map((c) => new URL(c.request.url).searchParams.get('tickets'))).toEqual([
      '9101,9102',
      '9101,9102,9103',
    ])

    // Back to the choice, as it was left.
    await userEvent.click(dialog.getByRole('button', { name: 'Change travellers' }))
    expect(dialog.getByRole('checkbox', { name: /Miss Mira Kumar/ })).toBeChecked()
    expect(dialog.getByRole('button', { name: 'See charges' })).toBeInTheDocument()
    expect(cancelCalls(calls)).toHaveLength(0)
  })

  it('prices the whole booking at once, and Keep my booking backs out with focus back on the button', async () => {
    const { calls } = setup(tripData(), {
      charges: () =>
        HttpResponse.json({
          quote: quote({
            whole: true,
            tickets: [quoted(RAVI), quoted(ASHA)],
            charge: '6000',
            fee: '200',
            refund: '4040.5',
            refundTo: 'the original payment method',
            remarks: 'Refunds are made to the original form of payment.',
          }),
        }),
    })
    const cancelBooking = await screen.findByRole('button', { name: 'Cancel booking' })
    await userEvent.click(cancelBooking)
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel booking' }))
    expect(await dialog.findAllByTestId('cancel-quote-traveller')).toHaveLength(2)
    expect(chargesCalls(calls).map((c) => c.url)).toEqual([`/api/v1/me/bookings/${BOOKING_ID}/cancellation-charges`])
    expect(dialog.getByText('Our fee').nextElementSibling).toHaveTextContent('₹200')
    expect(spokenText(dialog.getByTestId('cancel-quote-refund'))).toBe(
      'Refund of 4,040 rupees 50 paise to the original payment method within 7 days.',
    )
    expect(dialog.getByText('From the airline: Refunds are made to the original form of payment.')).toBeInTheDocument()

    await userEvent.click(dialog.getByRole('button', { name: 'Keep my booking' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(cancelBooking).toHaveFocus())
    expect(cancelCalls(calls)).toHaveLength(0)
  })

  it('says when the airline does not answer, and asks again on request', async () => {
    let asks = 0
    setup(tripData(), {
      charges: () => {
        asks += 1
        return asks === 1
          ? errorReply(504, {
              error: 'supplier_timeout',
              message: 'The airline did not answer in time. Please try again.',
            })
          : HttpResponse.json({ quote: quote({ whole: true, tickets: [quoted(RAVI), quoted(ASHA)] }) })
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel booking' }))
    const alert = await dialog.findByRole('alert')
    expect(alert).toHaveTextContent('Could not get the cancellation charges.')
    expect(alert).toHaveTextContent('The airline did not answer in time. Please try again.')
    await userEvent.click(dialog.getByRole('button', { name: 'Try again' }))
    expect(await dialog.findByTestId('cancel-quote')).toBeInTheDocument()
    expect(asks).toBe(2)
  })

  it('follows an open cancellation every few seconds until the airline has cancelled, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const open = cancellation({ status: 'with_airline', statusText: 'With the airline' })
    const { calls, booking } = setup(
      tripData({ tickets: [RAVI, { ...ASHA, state: 'cancelling' }], cancellations: [open] }),
    )
    const status = await screen.findByTestId('cancellation-status')
    expect(status).toHaveTextContent('With the airline')
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path.endsWith(BOOKING_ID)).length
    const before = reads()

    booking.data = tripData({
      tickets: [RAVI, { ...ASHA, state: 'cancelled' }],
      cancellations: [
        cancellation({
          status: 'cancelled',
          statusText: 'Cancelled',
          charge: '3000',
          refundDue: '5120.5',
          doneAt: new Date().toISOString(),
          tickets: [{ ...open.tickets[0]!, status: 'Cancelled', creditNote: 'CN/2026-27/000001' }],
        }),
      ],
    })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000)
    })
    await waitFor(() => expect(screen.getByTestId('cancellation-status')).toHaveTextContent('Cancelled'))
    expect(reads()).toBe(before + 1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000)
    })
    expect(reads()).toBe(before + 1)
  })
})

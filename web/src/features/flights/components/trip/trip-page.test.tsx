import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { useParams } from 'react-router'
import { describe, expect, it } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes, spokenText } from '@/testing/test-utils'
import { ASHA, cancellation, DOCUMENTS, RAVI, tripData, tripDetails } from '@/testing/cancellations'
import { BOOKING_ID, paidPayment, payment, refund } from '@/testing/payments'
import type { Booking, BookingDetailsDocument, CancelTicket, Payment, Refund } from '@/testing/wire'
import { TripPage } from './trip-page'

const ID = '3f1c2a9e-8b7d-4c21-9e41-7a2d6b8f0c13'

function booking(over: Partial<Booking> = {}): Booking {
  return {
    _id: ID,
    supplier: 'tbo',
    status: 'ticketed',
    isLCC: false,
    traceId: 't1',
    resultIndex: 'OB1',
    extras: [],
    extrasPrice: '0',
    pnr: 'Q7XK2P',
    bookingId: 1802233,
    origin: 'BOM',
    destination: 'DEL',
    departure: '2026-12-01T06:05:00',
    airline: 'AI',
    price: '1234567.5',
    currency: 'INR',
    paid: '1234567.5',
    refunded: '0',
    amountDue: '0',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:05:00Z',
    ...over,
  }
}

function details(over: { ticket?: string | null; operatedBy?: string; lastTicketDate?: string | null } = {}) {
  const doc: BookingDetailsDocument = {
    Response: {
      ResponseStatus: 1,
      TraceId: 't1',
      FlightItinerary: {
        BookingId: 1802233,
        PNR: 'Q7XK2P',
        LastTicketDate: over.lastTicketDate === undefined ? '31AUG27' : over.lastTicketDate,
        AirlineRemark: null,
        Passenger: [
          {
            Title: 'Mr',
            FirstName: 'RAVI',
            LastName: 'KUMAR',
            PaxType: 1,
            Ticket:
              over.ticket === null
                ? null
                : { TicketId: 1, TicketNumber: over.ticket ?? '0981234567890', ValidatingAirline: 'AI' },
          },
        ],
        Segments: [
          {
            Airline: {
              AirlineCode: 'AI',
              AirlineName: 'Air India',
              FlightNumber: '865',
              ...(over.operatedBy ? { OperatingCarrier: over.operatedBy } : {}),
            },
            Origin: { Airport: { AirportCode: 'BOM' }, DepTime: '2026-12-01T06:05:00' },
            Destination: { Airport: { AirportCode: 'DEL' }, ArrTime: '2026-12-01T08:15:00' },
            Remark: null,
            StopPointArrivalTime: null,
          },
        ],
        Invoice: null,
      },
    },
  }
  return HttpResponse.json<{ ok: true; data: BookingDetailsDocument }>({ ok: true, data: doc })
}

type DetailsResolver = Parameters<typeof api.bookingDetails>[0]

function setup(
  b: Booking | null,
  detailsReply: DetailsResolver = () => details(),
  { payments = [], refunds = [], tickets }: { payments?: Payment[]; refunds?: Refund[]; tickets?: CancelTicket[] } = {},
) {
  server.use(
    api.booking(({ params }) =>
      b && params.id === b._id
        ? HttpResponse.json({ booking: b, payments, refunds, tickets })
        : errorReply(404, { error: 'not_found', message: 'No such booking.' }),
    ),
    api.bookingDetails(detailsReply),
    api.bookings(() => HttpResponse.json({ items: [] })),
  )
  const calls = recordCalls()
  const utils = renderRoutes({
    routes: [
      { path: '/account/trips/:id', element: <TripPageRoute /> },
      { path: '/account/trips', element: <p>Trips list</p> },
    ],
    initialEntries: [`/account/trips/${b?._id ?? ID}`],
  })
  return { calls, ...utils }
}

function TripPageRoute() {
  const { id = '' } = useParams()
  return <TripPage id={id} />
}

const detailsCalls = (calls: ReturnType<typeof recordCalls>) => calls.filter((c) => c.path.endsWith('/booking-details'))

describe('TripPage', () => {
  it('shows our record of the booking', async () => {
    setup(booking({ status: 'failed', failure: 'The airline refused the fare.' }), () => details({ ticket: null }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking BOM → DEL' })).toBeInTheDocument()
    expect(document.title).toContain('Booking BOM → DEL')
    const dl = within(screen.getByTestId('booking-record'))
    expect(dl.getByText(/^Tue, 1 Dec,? 2026, 06:05$/)).toBeInTheDocument()
    expect(dl.getByText('AI')).toBeInTheDocument()
    expect(dl.getByText('Q7XK2P')).toBeInTheDocument()
    expect(dl.getByText('1802233')).toBeInTheDocument()
    expect(dl.getByText('Failed')).toBeInTheDocument()
    expect(dl.getByText('Price').nextElementSibling).toHaveTextContent('₹12,34,567.50')
    expect(dl.getByText('The airline refused the fare.')).toBeInTheDocument()
    expect(dl.getByText('Created').nextElementSibling).toHaveTextContent(/^20 Nov 2026, 3:30 pm IST$/)
    expect(dl.getByText('Last updated').nextElementSibling).toHaveTextContent(/^20 Nov 2026, 3:35 pm IST$/)
    expect(screen.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute('href', '/account/trips')
  })

  it("lists each traveller's seats, meals and baggage and what they cost", async () => {
    const flight = { airline: '6E', flightNumber: '2134', origin: 'BOM', destination: 'DEL' }
    setup(
      booking({
        extras: [
          { passenger: 0, kind: 'seat', ...flight, code: '12A', price: '350.00', label: 'Seat 12A (Window, exit row)' },
          { passenger: 0, kind: 'meal', ...flight, code: 'VCSW', price: '199.50', label: 'Meal: Veg cheese sandwich' },
          { passenger: 2, kind: 'baggage', ...flight, code: 'EB15', price: '1050', label: 'Extra baggage: 15 kg' },
        ],
        extrasPrice: '1599.50',
      }),
      () => details(),
      // The tickets name the travellers; one without a ticket yet is named by its place.
      { tickets: [{ passenger: 0, ticketId: 1, ticketNumber: '0981234567890', name: 'Mr RAVI KUMAR', type: 'adult' }] },
    )
    const section = within(await screen.findByTestId('trip-extras'))
    expect(section.getByRole('heading', { name: 'Seats, meals and baggage' })).toBeInTheDocument()
    expect(section.getByText('Mr RAVI KUMAR')).toBeInTheDocument()
    expect(section.getByText('Traveller 3')).toBeInTheDocument()
    expect(section.getByText('Seat 12A (Window, exit row) · BOM → DEL')).toBeInTheDocument()
    expect(section.getByText('Meal: Veg cheese sandwich · BOM → DEL')).toBeInTheDocument()
    expect(section.getByText('Extra baggage: 15 kg · BOM → DEL')).toBeInTheDocument()
    expect(section.getByText(/Extras total/)).toHaveTextContent('₹1,599.50')
  })

  it('lists no extras for a booking without any', async () => {
    setup(booking(), () => details())
    await screen.findByTestId('booking-record')
    expect(screen.queryByTestId('trip-extras')).not.toBeInTheDocument()
  })

  it('loads the booking details once on open and shows ticket numbers, times and the last ticket date', async () => {
    const { calls } = setup(booking())
    const passenger = await screen.findByTestId('trip-passenger')
    expect(passenger).toHaveTextContent('Mr RAVI KUMAR (Adult)')
    expect(passenger).toHaveTextContent('Ticket number 0981234567890')
    const segment = screen.getByTestId('trip-segment')
    expect(segment).toHaveTextContent('BOM 06:05 → DEL 08:15')
    expect(segment).toHaveTextContent('Air India AI-865')
    expect(segment).not.toHaveTextContent('Operated by')
    expect(screen.getByText(/^Last ticket date: Tue, 31 Aug,? 2027$/)).toBeInTheDocument()
    expect(detailsCalls(calls)).toHaveLength(1)
    expect(detailsCalls(calls)[0]?.body).toEqual({ bookingId: 1802233 })
    expect(document.body).not.toHaveTextContent(/null|undefined/)
  })

  it('names the operating carrier of a codeshare and never writes null', async () => {
    setup(booking({ status: 'booked' }), () => details({ operatedBy: 'UK', ticket: null, lastTicketDate: null }))
    expect(await screen.findByText('Operated by UK')).toBeInTheDocument()
    expect(screen.getByTestId('trip-passenger')).toHaveTextContent('Ticket not issued yet')
    expect(screen.queryByText(/Last ticket date/)).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/null|undefined/)
  })

  it('refreshes the booking details on request', async () => {
    let ticket = '0980000000001'
    const { calls } = setup(booking(), () => details({ ticket }))
    expect(await screen.findByText('Ticket number 0980000000001')).toBeInTheDocument()
    ticket = '0980000000002'
    await userEvent.click(screen.getByRole('button', { name: 'Refresh booking details' }))
    expect(await screen.findByText('Ticket number 0980000000002')).toBeInTheDocument()
    expect(detailsCalls(calls)).toHaveLength(2)
  })

  it('says there is no BookingId to refresh and asks nothing of the supplier', async () => {
    const { calls } = setup(booking({ status: 'quoted', isLCC: true, bookingId: undefined, pnr: undefined }))
    expect(await screen.findByText('No BookingId to refresh.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refresh booking details' })).not.toBeInTheDocument()
    expect(screen.getByText('Not booked yet')).toBeInTheDocument()
    expect(detailsCalls(calls)).toHaveLength(0)
  })

  it('shows why the booking details could not be refreshed', async () => {
    setup(booking(), () =>
      errorReply(502, { error: 'supplier_failed', message: 'The flight supplier did not answer properly.' }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not refresh booking details.')
    expect(alert).toHaveTextContent('The flight supplier did not answer properly.')
  })

  it('tells a booking whose outcome is unknown not to be booked again', async () => {
    setup(booking({ status: 'unknown', pnr: undefined, bookingId: undefined }))
    expect(await screen.findByText(/confirming this booking with the airline/)).toHaveTextContent(
      'Please do not book this trip again.',
    )
    expect(screen.getByText('Confirming with airline')).toBeInTheDocument()
  })

  it('shows what was paid and what was refunded, each refund where it is', async () => {
    setup(
      booking({ _id: ID, status: 'failed', failure: 'The airline refused the fare.', refunded: '1234567.5' }),
      () => details({ ticket: null }),
      {
        payments: [
          payment({ _id: 'p1', bookingId: ID, status: 'attempted', failure: 'Declined.', amount: '1234567.5' }),
          paidPayment({ _id: 'p2', bookingId: ID, amount: '1234567.5', method: 'card' }),
        ],
        refunds: [refund({ bookingId: ID, amount: '1234567.5', status: 'pending' })],
      },
    )
    const record = within(await screen.findByTestId('booking-record'))
    expect(record.getByText('Paid').nextElementSibling).toHaveTextContent('₹12,34,567.50')
    expect(record.getByText('Refunded').nextElementSibling).toHaveTextContent('₹12,34,567.50')
    const section = screen.getByRole('region', { name: 'Payments' })
    const lines = within(section).getAllByTestId('trip-payment')
    expect(lines[0]).toHaveTextContent(/^₹12,34,567\.50/)
    expect(spokenText(lines[0]!)).toMatch(/^12,34,567 rupees 50 paise: Failed/)
    expect(spokenText(lines[1]!)).toMatch(/^12,34,567 rupees 50 paise: Paid/)
    expect(lines[0]).toHaveTextContent('22 Nov 2026, 3:31 pm IST')
    expect(lines[1]).toHaveTextContent('22 Nov 2026, 3:32 pm IST · Card · Order order_NQ3xkLmP8vR2tY')
    expect(spokenText(within(section).getByTestId('refund'))).toBe('12,34,567 rupees 50 paise: Refund on its way')
    expect(within(section).getByRole('link', { name: 'Payment status' })).toHaveAttribute(
      'href',
      `/flights/booking/${ID}`,
    )
  })

  it('leads a booking waiting for its payment to the page that takes it', async () => {
    setup(booking({ status: 'booked', paid: '0', amountDue: '1234567.5', refunded: undefined }), () =>
      details({ ticket: null }),
    )
    const record = within(await screen.findByTestId('booking-record'))
    expect(record.getByText('Paid').nextElementSibling).toHaveTextContent('₹0')
    expect(record.queryByText('Refunded')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay for this booking' })).toHaveAttribute('href', `/flights/booking/${ID}`)
  })

  it('has no payments section for a booking with nothing paid or due', async () => {
    setup(booking({ status: 'expired', paid: '0', amountDue: '0' }), () => details({ ticket: null }))
    expect(await screen.findByText('Expired')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument()
  })

  it('shows a ticketed booking’s documents, its cancellations, and each ticket’s state beside its traveller', async () => {
    const data = tripData({
      tickets: [RAVI, { ...ASHA, state: 'cancelled' }],
      cancellations: [
        cancellation({ status: 'cancelled', statusText: 'Cancelled', charge: '3000', refundDue: '5120.5' }),
      ],
      refunds: [refund({ bookingId: BOOKING_ID, amount: '5120.5', status: 'pending' })],
    })
    server.use(
      api.booking(() => HttpResponse.json(data)),
      api.bookingDetails(() => HttpResponse.json(tripDetails(data.tickets))),
    )
    renderRoutes({
      routes: [{ path: '/account/trips/:id', element: <TripPageRoute /> }],
      initialEntries: [`/account/trips/${BOOKING_ID}`],
    })
    const documents = await screen.findByRole('region', { name: 'Documents' })
    expect(within(documents).getAllByRole('link')).toHaveLength(DOCUMENTS.length)
    const cancellations = screen.getByRole('region', { name: 'Cancellations' })
    expect(within(cancellations).getByTestId('cancellation-status')).toHaveTextContent('Cancelled')
    // One ticket left: the booking may be cancelled, no longer split.
    expect(within(cancellations).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument()
    expect(within(cancellations).queryByRole('button', { name: 'Cancel some travellers' })).not.toBeInTheDocument()
    const passengers = await screen.findAllByTestId('trip-passenger')
    expect(passengers[0]).toHaveTextContent('Mr RAVI KUMAR (Adult)')
    expect(within(passengers[0]!).queryByTestId('ticket-state')).not.toBeInTheDocument()
    expect(within(passengers[1]!).getByTestId('ticket-state')).toHaveTextContent('Cancelled')
    expect(spokenText(within(screen.getByRole('region', { name: 'Payments' })).getByTestId('refund'))).toBe(
      '5,120 rupees 50 paise: Refund on its way',
    )
  })

  it('offers no cancelling to a booking not ticketed, nor one whose every ticket is cancelled', async () => {
    setup(booking({ status: 'booked', paid: '0', amountDue: '1234567.5' }), () => details({ ticket: null }))
    expect(await screen.findByTestId('booking-record')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Cancellations' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument()
  })

  it('answers another user’s or an unknown booking with No such booking. and a way back', async () => {
    setup(null)
    expect(await screen.findByRole('alert')).toHaveTextContent('No such booking.')
    await userEvent.click(screen.getByRole('link', { name: 'Back to My Trips' }))
    await waitFor(() => expect(screen.getByText('Trips list')).toBeInTheDocument())
  })
})

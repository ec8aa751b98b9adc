import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { renderRoutes } from '@/testing/test-utils'
import type { Booking } from '@/testing/wire'
import { TripsPage } from './trips-page'

function booking(over: Partial<Booking> = {}): Booking {
  return {
    _id: 'b1',
    supplier: 'tbo',
    status: 'ticketed',
    isLCC: true,
    traceId: 't1',
    resultIndex: 'OB1',
    extras: [],
    extrasPrice: '0',
    pnr: 'Q7XK2P',
    bookingId: 1802233,
    origin: 'BOM',
    destination: 'DEL',
    departure: '2026-12-01T06:05:00',
    airline: '6E',
    price: '1234567',
    currency: 'INR',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:05:00Z',
    ...over,
  }
}

function setup(items: Booking[]) {
  server.use(api.bookings(() => HttpResponse.json({ items })))
  renderRoutes({ routes: [{ path: '/', element: <TripsPage /> }] })
}

describe('TripsPage', () => {
  it('shows the placeholder when there are no bookings', async () => {
    setup([])
    expect(await screen.findByText('Your upcoming and past bookings will appear here.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Bookings' })).not.toBeInTheDocument()
  })

  it('lists route, date, airline, PNR, status and the price in rupees with Indian grouping', async () => {
    setup([booking()])
    const trip = await screen.findByTestId('trip')
    expect(trip).toHaveTextContent('BOM → DEL')
    expect(trip).toHaveTextContent(/Tue, 1 Dec,? 2026, 06:05/)
    expect(trip).toHaveTextContent('6E · PNR Q7XK2P')
    expect(trip).toHaveTextContent('PNR Q7XK2P')
    expect(trip).toHaveTextContent('Ticketed')
    expect(trip).toHaveTextContent('₹12,34,567')
  })

  it('leaves the PNR out until there is one', async () => {
    setup([booking({ status: 'quoted', pnr: undefined })])
    const trip = await screen.findByTestId('trip')
    expect(trip).toHaveTextContent('6E')
    expect(trip).not.toHaveTextContent('PNR')
  })

  it('keeps the server’s order and links each trip to its booking page by route', async () => {
    setup([
      booking({ _id: 'newest', origin: 'DEL', destination: 'BLR', departure: '2027-01-05T09:00:00' }),
      booking({ _id: 'older', origin: 'BOM', destination: 'DEL' }),
    ])
    const trips = await screen.findAllByTestId('trip')
    expect(trips.map((t) => t.textContent?.slice(0, 9))).toEqual(['DEL → BLR', 'BOM → DEL'])
    const links = screen.getAllByRole('link', { name: /^View booking/ })
    expect(links[0]).toHaveAccessibleName(/^View booking DEL to BLR, Tue, 5 Jan,? 2027/)
    expect(links[0]).toHaveAttribute('href', '/account/trips/newest')
    expect(links[1]).toHaveAccessibleName(/^View booking BOM to DEL/)
    expect(links[1]).toHaveAttribute('href', '/account/trips/older')
  })

  it('words every status, not by colour alone', async () => {
    const statuses = {
      quoted: 'Not booked yet',
      booking: 'Booking in progress',
      booked: 'Booked',
      ticketing: 'Issuing ticket',
      ticketed: 'Ticketed',
      failed: 'Failed',
      unknown: 'Confirming with airline',
      expired: 'Expired',
      cancelled: 'Cancelled',
    } as const
    setup(Object.keys(statuses).map((status, i) => booking({ _id: `b${i}`, status: status as Booking['status'] })))
    const trips = await screen.findAllByTestId('trip')
    Object.values(statuses).forEach((label, i) => {
      expect(within(trips[i] as HTMLElement).getByText(label)).toBeInTheDocument()
    })
  })

  it('shows why the trips could not be loaded', async () => {
    server.use(
      api.bookings(() =>
        errorReply(500, { error: 'internal', message: 'Something went wrong on our side. Please try again.' }),
      ),
    )
    renderRoutes({ routes: [{ path: '/', element: <TripsPage /> }] })
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    )
  })
})

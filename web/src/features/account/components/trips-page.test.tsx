import { screen } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { renderRoutes } from '@/testing/test-utils'
import type { Booking } from '@/testing/wire'
import { TripsPage } from './trips-page'

function setup(items: Booking[]) {
  server.use(api.bookings(() => HttpResponse.json({ items })))
  renderRoutes({ routes: [{ path: '/', element: <TripsPage /> }] })
}

describe('TripsPage', () => {
  it('shows the placeholder when there are no bookings', async () => {
    setup([])
    expect(await screen.findByText('Your upcoming and past bookings will appear here.')).toBeInTheDocument()
  })

  it('lists route, date, airline, PNR, status and the price in rupees with Indian grouping', async () => {
    setup([
      {
        _id: 'b1',
        supplier: 'tbo',
        status: 'ticketed',
        isLCC: true,
        traceId: 't1',
        resultIndex: 'OB1',
        pnr: 'Q7XK2P',
        bookingId: 1802233,
        origin: 'BOM',
        destination: 'DEL',
        departure: '2026-12-01T06:05:00',
        airline: 'IndiGo',
        price: '1234567',
        currency: 'INR',
        createdAt: '2026-11-20T10:00:00Z',
        updatedAt: '2026-11-20T10:05:00Z',
      },
    ])
    const trip = await screen.findByTestId('trip')
    expect(trip).toHaveTextContent('BOM → DEL')
    expect(trip).toHaveTextContent(/Tue, 1 Dec,? 2026, 06:05/)
    expect(trip).toHaveTextContent('IndiGo')
    expect(trip).toHaveTextContent('PNR Q7XK2P')
    expect(trip).toHaveTextContent('Ticketed')
    expect(trip).toHaveTextContent('₹12,34,567')
  })
})

import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, renderRoutes, stubApi } from '@/testing/test-utils'
import { TripsPage } from './trips-page'

function setup(items: unknown[]) {
  stubApi({ 'GET /api/v1/me/bookings': () => jsonResponse({ items }) })
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
        status: 'ticketed',
        pnr: 'Q7XK2P',
        bookingId: 1802233,
        origin: 'BOM',
        destination: 'DEL',
        departure: '2026-12-01T06:05:00',
        airline: 'IndiGo',
        price: '1234567',
        currency: 'INR',
        createdAt: '2026-11-20T10:00:00Z',
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

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { todayISO } from '@/lib/calendar-date'
import { flightResult, searchDocument } from '@/testing/flights'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { renderRoutes } from '@/testing/test-utils'
import { addDays } from '../../lib/dates'
import { FlightSearchView } from './flight-search-view'

// The search view on a phone: the search read in two lines (the reader behind Modify search), then
// the date strip and the list under a bar with the sort and a Filters button. The wide layout is
// what app/routes/flights-form.test.tsx exercises.

const DAY = addDays(todayISO(), 10)
const URL = `/flights/form?from=BOM&to=DEL&date=${DAY}&adults=1&children=0&infants=0&cabin=any`

const flights = [
  flightResult({ n: 1, airline: 'AI', airlineName: 'Air India', price: '5000', stops: 1, depart: '06:00' }),
  flightResult({ n: 2, airline: '6E', airlineName: 'IndiGo', price: '6000', stops: 0, depart: '09:00' }),
  flightResult({ n: 3, airline: 'UK', airlineName: 'Vistara', price: '4000', stops: 2, depart: '12:00' }),
]

function onAPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === '(max-width: 63.9975rem)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

async function loaded() {
  server.use(
    http.get('/airlines.min.json', () => HttpResponse.json({})),
    api.flightSearch(() => HttpResponse.json({ ok: true as const, data: searchDocument([flights]) })),
  )
  renderRoutes({ routes: [{ path: '/flights/form', element: <FlightSearchView /> }], initialEntries: [URL] })
  await screen.findByText('Showing 3 of 3 flights')
  return userEvent.setup()
}

const prices = () => screen.getAllByTestId('price').map((p) => p.textContent)

describe('/flights/form on a phone', () => {
  beforeEach(onAPhone)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('reads the search in two lines and opens the search reader on request', async () => {
    const user = await loaded()
    const modify = screen.getByRole('button', { name: 'Modify search' })
    expect(modify).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('form', { name: 'Search reader' })).not.toBeInTheDocument()
    expect(screen.getByText(/^BOM → DEL · /)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Change search' })).toHaveAttribute('href', '/')

    await user.click(modify)
    expect(modify).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('form', { name: 'Search reader' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('BOM')
  })

  it('sorts from the bar and filters in a sheet that counts the flights before applying', async () => {
    const user = await loaded()
    expect(screen.queryByRole('complementary', { name: 'Filter flights' })).not.toBeInTheDocument()
    expect(prices()).toEqual(['₹4,000', '₹5,000', '₹6,000'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'nonstop')
    await waitFor(() => expect(prices()).toEqual(['₹6,000', '₹4,000', '₹5,000']))

    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filters' })
    await user.click(within(sheet).getByRole('checkbox', { name: 'Non-stop' }))
    await user.click(within(sheet).getByRole('checkbox', { name: '1 stop' }))
    expect(within(sheet).getByRole('button', { name: 'Show 2 flights' })).toBeInTheDocument()
    expect(screen.getByText('Showing 3 of 3 flights')).toBeInTheDocument()

    await user.click(within(sheet).getByRole('button', { name: 'Show 2 flights' }))
    await screen.findByText('Showing 2 of 3 flights')
    // The sort chosen in the bar holds.
    expect(prices()).toEqual(['₹6,000', '₹5,000'])
    expect(screen.getByRole('button', { name: 'Filters, 2 applied' })).toBeInTheDocument()
  })
})

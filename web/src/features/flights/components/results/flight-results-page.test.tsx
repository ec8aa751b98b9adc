import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flightResult, searchDocument } from '@/testing/flights'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { renderRoutes } from '@/testing/test-utils'
import { FlightResultsPage } from './flight-results-page'

// The results on a phone: the lists first, under a bar with the sort and a Filters button whose
// sheet counts the flights its filters leave before they apply. (The wide layout, with the panel
// beside the lists, is what app/routes/flights-results.test.tsx exercises.)

const URL = '/flights?from=BOM&to=DEL&date=2027-01-15&adults=1&children=0&infants=0&cabin=any&nonstop=false'

const three = [
  flightResult({
    n: 1,
    airline: 'AI',
    airlineName: 'Air India',
    price: '7450',
    stops: 1,
    depart: '05:00',
    durationMins: 200,
  }),
  flightResult({
    n: 2,
    airline: '6E',
    airlineName: 'IndiGo',
    price: '5293',
    stops: 0,
    depart: '06:05',
    durationMins: 130,
  }),
  flightResult({
    n: 3,
    airline: 'UK',
    airlineName: 'Vistara',
    price: '6100',
    stops: 2,
    depart: '07:30',
    durationMins: 90,
  }),
]

/** A phone's screen: narrower than the side panel's 1024 px. */
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
    api.flightSearch(() => HttpResponse.json({ ok: true as const, data: searchDocument([three]) })),
  )
  renderRoutes({ routes: [{ path: '/flights', element: <FlightResultsPage /> }], initialEntries: [URL] })
  await screen.findByText('Showing 3 of 3 flights')
  return userEvent.setup()
}

const cards = () => screen.getAllByTestId('flight-card')
const airlinesShown = () =>
  cards().map((c) => c.querySelector('[data-card-part=airline-name]')?.firstChild?.textContent)

async function openSheet(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Filters/) {
  await user.click(screen.getByRole('button', { name }))
  return screen.findByRole('dialog', { name: 'Filters' })
}

describe('/flights on a phone', () => {
  beforeEach(onAPhone)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('puts the lists first, under a bar with the sort and a Filters button, and no side panel', async () => {
    await loaded()
    expect(screen.queryByRole('complementary', { name: 'Filter flights' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Non-stop' })).not.toBeInTheDocument()
    const bar = screen.getByRole('group', { name: 'Sort and filter flights' })
    expect(within(bar).getByRole('combobox', { name: 'Sort by' })).toHaveValue('cheapest')
    expect(within(bar).getByRole('button', { name: 'Filters' })).toBeInTheDocument()
    // The bar comes before the lists, in the order they are read and tabbed through.
    expect(bar.compareDocumentPosition(cards()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(airlinesShown()).toEqual(['IndiGo', 'Vistara', 'Air India'])
  })

  it('sorts from the bar at once', async () => {
    const user = await loaded()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'earliest')
    await waitFor(() => expect(airlinesShown()).toEqual(['Air India', 'IndiGo', 'Vistara']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'fastest')
    await waitFor(() => expect(airlinesShown()).toEqual(['Vistara', 'IndiGo', 'Air India']))
    // A sort is no filter.
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument()
  })

  it('counts the matching flights in the sheet before applying; applying narrows the list and counts the filters', async () => {
    const user = await loaded()
    const sheet = await openSheet(user, 'Filters')
    // The sheet has the filters but not the sort, which stays in the bar.
    expect(within(sheet).queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
    expect(within(sheet).getByRole('button', { name: 'Show 3 flights' })).toBeInTheDocument()

    await user.click(within(sheet).getByRole('radio', { name: 'Non-stop' }))
    expect(within(sheet).getByRole('button', { name: 'Show 1 flight' })).toBeInTheDocument()
    expect(within(sheet).getByRole('status')).toHaveTextContent('1 flight matches')
    // Not applied yet: the list behind the sheet is as it was.
    expect(screen.getByText('Showing 3 of 3 flights')).toBeInTheDocument()

    await user.click(within(sheet).getByRole('checkbox', { name: 'Air India (AI)' }))
    expect(within(sheet).getByRole('button', { name: 'Show 0 flights' })).toBeInTheDocument()
    await user.click(within(sheet).getByRole('checkbox', { name: 'Air India (AI)' }))
    await user.click(within(sheet).getByRole('checkbox', { name: 'IndiGo (6E)' }))
    await user.click(within(sheet).getByRole('button', { name: 'Show 1 flight' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('Showing 1 of 3 flights')).toBeInTheDocument()
    expect(screen.getByTestId('search-banner')).toHaveTextContent('Showing 1 of 3 results')
    expect(airlinesShown()).toEqual(['IndiGo'])
    const button = screen.getByRole('button', { name: 'Filters, 2 applied' })
    await waitFor(() => expect(button).toHaveFocus())
  })

  it('drops what was changed when the sheet closes without applying, and gives the focus back', async () => {
    const user = await loaded()
    let sheet = await openSheet(user)
    await user.click(within(sheet).getByRole('radio', { name: '2+ stops' }))
    await user.type(within(sheet).getByRole('textbox', { name: 'Maximum price' }), '5000')
    expect(within(sheet).getByRole('button', { name: 'Show 0 flights' })).toBeInTheDocument()
    await user.keyboard('{Escape}')

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus())
    expect(screen.getByText('Showing 3 of 3 flights')).toBeInTheDocument()

    sheet = await openSheet(user)
    expect(within(sheet).getByRole('radio', { name: 'Any' })).toBeChecked()
    expect(within(sheet).getByRole('textbox', { name: 'Maximum price' })).toHaveValue('')
    expect(within(sheet).getByRole('button', { name: 'Show 3 flights' })).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: 'Close filters' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('clears every filter in the sheet with Clear all, applied with the rest', async () => {
    const user = await loaded()
    let sheet = await openSheet(user)
    await user.click(within(sheet).getByRole('radio', { name: 'Non-stop' }))
    await user.click(within(sheet).getByRole('button', { name: 'Show 1 flight' }))
    await screen.findByText('Showing 1 of 3 flights')

    sheet = await openSheet(user, 'Filters, 1 applied')
    expect(within(sheet).getByRole('radio', { name: 'Non-stop' })).toBeChecked()
    await user.click(within(sheet).getByRole('button', { name: 'Clear all' }))
    expect(within(sheet).getByRole('radio', { name: 'Any' })).toBeChecked()
    expect(within(sheet).getByRole('button', { name: 'Show 3 flights' })).toBeInTheDocument()
    expect(screen.getByText('Showing 1 of 3 flights')).toBeInTheDocument()

    await user.click(within(sheet).getByRole('button', { name: 'Show 3 flights' }))
    await screen.findByText('Showing 3 of 3 flights')
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument()
  })
})

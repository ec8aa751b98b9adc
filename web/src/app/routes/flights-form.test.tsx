import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { flightSearchKey, type SearchAnswer } from '@/features/flights/hooks/use-flight-search'
import { addDays } from '@/features/flights/lib/dates'
import { todayISO } from '@/lib/calendar-date'
import { toListFlight, type ListFlight } from '@/features/flights/lib/results'
import { parseSearchQuery, toSearchInput } from '@/features/flights/lib/search-query'
import { loadSelectedFlight, loadTrace } from '@/features/flights/lib/selection'
import { flightResult, resultIndex, searchDocument, TRACE_ID } from '@/testing/flights'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import type { FlightResult } from '@/testing/wire'
import { routes } from '../router'

const DAY = addDays(todayISO(), 10)
const FORM_URL = `/flights/form?from=BOM&to=DEL&date=${DAY}&adults=1&children=0&infants=0&cabin=any`

const results: FlightResult[] = [
  flightResult({
    n: 1,
    airline: 'AI',
    airlineName: 'Air India',
    flightNumber: '865',
    price: '5000',
    stops: 1,
    depart: '06:00',
  }),
  flightResult({
    n: 2,
    airline: '6E',
    airlineName: 'IndiGo',
    flightNumber: '2031',
    price: '6000',
    stops: 0,
    depart: '09:00',
  }),
  flightResult({
    n: 3,
    airline: 'UK',
    airlineName: 'Vistara',
    flightNumber: '955',
    price: '4000',
    stops: 2,
    depart: '12:00',
  }),
  flightResult({
    n: 4,
    airline: '6E',
    airlineName: 'IndiGo',
    flightNumber: '5311',
    price: '7000',
    stops: 0,
    depart: '05:00',
  }),
]

function searching(lists: FlightResult[][] = [results]) {
  server.use(
    http.get('/airlines.min.json', () => HttpResponse.json({})),
    api.flightSearch(() => HttpResponse.json({ ok: true as const, data: searchDocument(lists) })),
  )
}

const cards = () => screen.getAllByTestId('flight-card')
const prices = () => cards().map((c) => within(c).getByTestId('price').textContent)

async function loaded(url = FORM_URL) {
  searching()
  const rendered = renderRoutes({ routes, initialEntries: [url] })
  await screen.findByText('Showing 4 of 4 flights')
  return { ...rendered, user: userEvent.setup() }
}

describe('/flights/form search view', () => {
  it('searches BOM → DEL today for 1 adult in any cabin by default', async () => {
    searching()
    const calls = recordCalls()
    renderRoutes({ routes, initialEntries: ['/flights/form'] })
    expect(await screen.findByText('Loading…')).toBeInTheDocument()
    await screen.findByText('Showing 4 of 4 flights')
    expect(calls.filter((c) => c.path === '/api/v1/flights/tbo/search')).toHaveLength(1)
    await waitFor(() =>
      expect(calls[calls.length - 1]?.body ?? calls.find((c) => c.path.endsWith('/search'))?.body).toBeDefined(),
    )
    const body = calls.find((c) => c.path.endsWith('/search'))?.body
    expect(body).toMatchObject({ origin: 'BOM', destination: 'DEL', departDate: todayISO(), adults: 1, children: 0 })
    expect(body).not.toHaveProperty('cabinClass')
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('BOM')
    expect(screen.getByRole('link', { name: 'Change search' })).toHaveAttribute('href', '/')
  })

  it('sorts with a toggle group: cheapest, non-stop first, you may prefer', async () => {
    const { user } = await loaded()
    const group = screen.getByRole('group', { name: 'Sort flights' })
    const cheapest = within(group).getByRole('button', { name: 'Cheapest' })
    expect(cheapest).toHaveAttribute('aria-pressed', 'true')
    expect(prices()).toEqual(['₹4,000', '₹5,000', '₹6,000', '₹7,000'])

    await user.click(within(group).getByRole('button', { name: 'Non-stop first' }))
    await waitFor(() => expect(prices()).toEqual(['₹6,000', '₹7,000', '₹4,000', '₹5,000']))
    expect(cheapest).toHaveAttribute('aria-pressed', 'false')
    expect(within(group).getByRole('button', { name: 'Non-stop first' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(group).getByRole('button', { name: 'You may prefer' }))
    await waitFor(() => expect(prices()).toEqual(['₹7,000', '₹5,000', '₹6,000', '₹4,000']))
  })

  it('filters by stop checkboxes, two or more included', async () => {
    const { user } = await loaded()
    await user.click(screen.getByRole('checkbox', { name: 'Non-stop' }))
    await waitFor(() => expect(screen.getByText('Showing 2 of 4 flights')).toBeInTheDocument())
    await user.click(screen.getByRole('checkbox', { name: '2+ stops' }))
    await waitFor(() => expect(screen.getByText('Showing 3 of 4 flights')).toBeInTheDocument())
    expect(prices()).toEqual(['₹4,000', '₹6,000', '₹7,000'])
  })

  it('filters by price range and airline', async () => {
    const { user } = await loaded()
    await user.click(screen.getByRole('textbox', { name: 'Minimum price' }))
    await user.paste('5000')
    await user.click(screen.getByRole('textbox', { name: 'Maximum price' }))
    await user.paste('6000.00')
    await waitFor(() => expect(prices()).toEqual(['₹5,000', '₹6,000']))
    await user.clear(screen.getByRole('textbox', { name: 'Minimum price' }))
    await user.clear(screen.getByRole('textbox', { name: 'Maximum price' }))

    await user.click(screen.getByRole('checkbox', { name: 'IndiGo (6E)' }))
    await waitFor(() => expect(prices()).toEqual(['₹6,000', '₹7,000']))
    await user.click(screen.getByRole('checkbox', { name: 'Vistara (UK)' }))
    await user.click(screen.getByRole('textbox', { name: 'Maximum price' }))
    await user.paste('100')
    expect(await screen.findByText('No flights match these filters.')).toBeInTheDocument()
  })

  it('opens the fare details in place with View prices', async () => {
    const withBaggage = flightResult({ n: 9, price: '5293.46', lastTicketDate: '31AUG27' })
    const segment = withBaggage.Segments[0]![0]!
    segment.Baggage = '15 KG'
    segment.CabinBaggage = '7 KG'
    searching([[withBaggage]])
    const { user } = { user: userEvent.setup() }
    renderRoutes({ routes, initialEntries: [FORM_URL] })
    const view = await screen.findByRole('button', { name: 'View prices of IndiGo 6E 109' })
    expect(view).toHaveAttribute('aria-expanded', 'false')
    await user.click(view)
    const details = await screen.findByTestId('fare-details')
    expect(view).toHaveAttribute('aria-expanded', 'true')
    expect(view).toHaveAttribute('aria-controls', details.id)
    expect(details).toHaveTextContent('Base fare₹4,000')
    expect(details).toHaveTextContent('Taxes₹1,293.46')
    expect(details).toHaveTextContent('Total₹5,293.46')
    expect(details).toHaveTextContent('Non-refundable')
    expect(details).toHaveTextContent('BOM → DEL: 15 KG check-in 7 KG cabin')
    expect(details).toHaveTextContent(/Last ticket date.*31 Aug,? 2027/)
    await user.click(view)
    await waitFor(() => expect(screen.queryByTestId('fare-details')).not.toBeInTheDocument())
  })

  it('shows no baggage or ticket date rows when the supplier gives none, and never null', async () => {
    searching([[flightResult({ n: 9, lastTicketDate: null })]])
    renderRoutes({ routes, initialEntries: [FORM_URL] })
    await userEvent.click(await screen.findByRole('button', { name: /View prices/ }))
    const details = await screen.findByTestId('fare-details')
    expect(details).not.toHaveTextContent('Baggage')
    expect(details).not.toHaveTextContent('Last ticket date')
    expect(document.body).not.toHaveTextContent(/null|undefined|NaN/)
  })

  it('selects: /flights/fare?traceId=…&resultIndex=… with the result index encoded, and session storage written', async () => {
    const { user, router } = await loaded()
    await user.click(screen.getByRole('button', { name: 'Select Vistara UK 955' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/flights/fare'))
    const search = new URLSearchParams(router.state.location.search)
    expect([...search.keys()]).toEqual(['traceId', 'resultIndex'])
    expect(search.get('traceId')).toBe(TRACE_ID)
    expect(search.get('resultIndex')).toBe(resultIndex(3))
    expect(router.state.location.search).toContain(encodeURIComponent(resultIndex(3)).slice(0, 20))
    expect(loadSelectedFlight()).toMatchObject({
      id: resultIndex(3),
      from: 'BOM',
      to: 'DEL',
      date: DAY,
      traceId: TRACE_ID,
    })
    expect(loadTrace()?.traceId).toBe(TRACE_ID)
  })

  it('shows a failed search in an amber banner with the API message', async () => {
    server.use(
      http.get('/airlines.min.json', () => HttpResponse.json({})),
      api.flightSearch(() => errorReply(502, { error: 'supplier_error', message: 'Supplier is unavailable.' })),
    )
    renderRoutes({ routes, initialEntries: [FORM_URL] })
    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent('Failed to search flights')
    expect(banner).toHaveTextContent('Supplier is unavailable.')
    expect(banner).toHaveAttribute('data-status', 'warning')
  })

  it('has a seven-day strip around the date; a day reruns the search and puts its date in the URL', async () => {
    const calls = recordCalls()
    const { user, router } = await loaded()
    const days = screen.getAllByTestId('strip-day')
    expect(days).toHaveLength(7)
    expect(days[3]).toHaveAttribute('aria-current', 'date')
    expect(within(days[3]!).getByTestId('strip-fare')).toHaveTextContent('₹4,000')
    expect(within(days[0]!).getByTestId('strip-fare')).toHaveTextContent('—')
    // Read out as a sentence: the visible day and fare, joined by words for screen readers only.
    expect(days[3]).toHaveAccessibleName(/^\w{3}, \d{1,2} \w{3} from ₹4,000$/)
    expect(days[0]).toHaveAccessibleName(/^\w{3}, \d{1,2} \w{3} fare not known yet$/)

    await user.click(days[5]!)
    const later = addDays(DAY, 2)
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date')).toBe(later))
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('BOM')
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/search'))).toHaveLength(2))
    await waitFor(() => expect(calls[calls.length - 1]?.body).toMatchObject({ departDate: later }))
    // The day searched before still shows its lowest fare from the cache; no other day was searched.
    await waitFor(() => expect(screen.getAllByTestId('strip-day')[1]).toHaveTextContent('₹4,000'))
    expect(screen.getAllByTestId('strip-day')[3]).toHaveAttribute('aria-current', 'date')
    expect(calls.filter((c) => c.path.endsWith('/search'))).toHaveLength(2)
  })

  it('shows the lowest fare of a day already searched with the same travellers and cabin', async () => {
    searching()
    const { queryClient } = renderRoutes({ routes, initialEntries: [FORM_URL] })
    const query = parseSearchQuery(new URLSearchParams(FORM_URL.split('?')[1]))
    const cheap: ListFlight[] = [toListFlight(flightResult({ n: 7, price: '3199.50' }))!]
    const answer: SearchAnswer = { traceId: TRACE_ID, lists: [cheap], at: Date.now() }
    queryClient.setQueryData(
      flightSearchKey(toSearchInput(query, { from: 'BOM', to: 'DEL', date: addDays(DAY, -1) })),
      answer,
    )
    await waitFor(() => expect(screen.getAllByTestId('strip-day')[2]).toHaveTextContent('₹3,199.50'))
    expect(screen.getAllByTestId('strip-day')[4]).toHaveTextContent('—')
  })

  it('disables the days before today', async () => {
    searching()
    renderRoutes({ routes, initialEntries: [`/flights/form?date=${addDays(todayISO(), 1)}`] })
    const days = await screen.findAllByTestId('strip-day')
    expect(days[0]).toBeDisabled()
    expect(days[1]).toBeDisabled()
    expect(days[2]).toBeEnabled()
    expect(days[3]).toBeEnabled()
  })

  it('shows and takes the date as dd-MM-yyyy in the search reader', async () => {
    const calls = recordCalls()
    const { user, router } = await loaded()
    const date = screen.getByRole('textbox', { name: 'Date' })
    const [y, m, d] = DAY.split('-')
    expect(date).toHaveValue(`${d}-${m}-${y}`)
    const later = addDays(DAY, 2)
    const [ly, lm, ld] = later.split('-')
    await user.clear(date)
    await user.type(date, `${ld}-${lm}-${ly}`)
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date')).toBe(later))
    await waitFor(() => expect(calls[calls.length - 1]?.body).toMatchObject({ departDate: later }))
  })

  it('reruns the search when the search reader changes the route, travellers or cabin', async () => {
    const calls = recordCalls()
    const { user, router } = await loaded()
    const to = screen.getByRole('textbox', { name: 'To' })
    await user.clear(to)
    await user.type(to, 'blr')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Adults' }), '2')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cabin' }), 'business')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('BLR'))
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/search'))).toHaveLength(2))
    await waitFor(() =>
      expect(calls[calls.length - 1]?.body).toMatchObject({ destination: 'BLR', adults: 2, cabinClass: 4 }),
    )
  })
})

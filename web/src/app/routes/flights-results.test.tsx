import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { formatLastTicketDate } from '@/features/flights/lib/dates'
import { loadSelectedFlight, loadTrace } from '@/features/flights/lib/selection'
import { flightResult, resultIndex, searchDocument, TRACE_ID } from '@/testing/flights'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import type { FlightResult, SearchInput } from '@/testing/wire'
import { routes } from '../router'

const DATE = '2027-01-15'
const URL_ONE_WAY = `/flights?from=BOM&to=DEL&date=${DATE}&adults=1&children=0&infants=0&cabin=any&nonstop=false`

function airlines(names: Record<string, string> = { AI: 'Air India', '6E': 'IndiGo', UK: 'Vistara' }) {
  return http.get('/airlines.min.json', () => HttpResponse.json(names))
}

/** The supplier's answer to every search: `lists` for the first, or per search by origin. */
function searching(answer: (input: SearchInput) => FlightResult[][]) {
  server.use(
    airlines(),
    api.flightSearch(async ({ request }) => {
      const input = await request.json()
      return HttpResponse.json({ ok: true as const, data: searchDocument(answer(input)) })
    }),
  )
}

const three = [
  flightResult({
    n: 1,
    airline: 'AI',
    airlineName: 'Air India',
    flightNumber: '865',
    price: '7450',
    stops: 1,
    depart: '09:00',
    durationMins: 200,
  }),
  flightResult({
    n: 2,
    airline: '6E',
    airlineName: 'IndiGo',
    flightNumber: '2031',
    price: '5293.46',
    stops: 0,
    depart: '06:05',
    durationMins: 130,
  }),
  flightResult({
    n: 3,
    airline: 'UK',
    airlineName: 'Vistara',
    flightNumber: '955',
    price: '6100',
    stops: 2,
    depart: '07:30',
    durationMins: 320,
  }),
]

const cards = () => screen.getAllByTestId('flight-card')
const prices = () => cards().map((c) => within(c).getByTestId('price').textContent)

describe('/flights results', () => {
  it('shows the banner, the list header and the cards in price order, with a Change search link home', async () => {
    searching(() => [three])
    const calls = recordCalls()
    renderRoutes({ routes, initialEntries: [URL_ONE_WAY] })

    // One status region says the search is loading, then what it found: screen readers hear it end.
    // (The page's own, once its code is in, not the layout's "Loading page" before it.)
    const status = await waitFor(() => {
      const own = screen.getAllByRole('status').find((s) => s.dataset.testid !== 'page-loading')
      expect(own).toBeDefined()
      return own!
    })
    expect(status).toHaveTextContent('Loading…')
    await waitFor(() => expect(status).toHaveTextContent('Showing 3 of 3 flights'))
    expect(screen.getByRole('status')).toBe(status)
    const banner = screen.getByTestId('search-banner')
    expect(banner).toHaveTextContent('Showing 3 of 3 results')
    expect(banner).toHaveTextContent('BOM → DEL on 15-01-2027')
    expect(banner).toHaveTextContent('1 adult')
    expect(banner).not.toHaveTextContent('1 adults')
    expect(banner).toHaveTextContent('Any cabin')
    expect(within(banner).getByRole('link', { name: 'Change search' })).toHaveAttribute('href', '/')
    expect(prices()).toEqual(['₹5,293.46', '₹6,100', '₹7,450'])
    expect(cards()[0]).toHaveTextContent('IndiGo (6E)')
    expect(cards()[0]).toHaveTextContent('6E 2031')
    expect(cards()[0]).toHaveTextContent('06:05')
    expect(cards()[0]).toHaveTextContent('08:15')
    expect(cards()[0]).toHaveTextContent('2h 10m')
    expect(cards()[0]).toHaveTextContent('Non-stop')
    expect(cards()[1]).toHaveTextContent('2 stops')
    expect(cards()[2]).toHaveTextContent('1 stop')

    const search = calls.find((c) => c.path === '/api/v1/flights/tbo/search')
    await waitFor(() =>
      expect(search?.body).toMatchObject({ origin: 'BOM', destination: 'DEL', departDate: DATE, adults: 1 }),
    )
    expect(screen.getByRole('list', { name: 'BOM → DEL' })).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'BOM → DEL' })).getAllByRole('listitem')
    expect(items[0]).toHaveAttribute('aria-setsize', '3')
    expect(items[2]).toHaveAttribute('aria-posinset', '3')
  })

  it('names adults in the plural and the cabin chosen', async () => {
    searching(() => [three])
    renderRoutes({ routes, initialEntries: [`/flights?from=BOM&to=DEL&date=${DATE}&adults=2&cabin=business`] })
    const banner = await screen.findByTestId('search-banner')
    expect(banner).toHaveTextContent('2 adults')
    expect(banner).toHaveTextContent('Business')
  })

  async function loaded() {
    searching(() => [three])
    renderRoutes({ routes, initialEntries: [URL_ONE_WAY] })
    await screen.findByText('Showing 3 of 3 flights')
    return userEvent.setup()
  }

  it('filters by stops: non-stop, exactly one, two or more', async () => {
    const user = await loaded()
    await user.click(screen.getByRole('radio', { name: 'Non-stop' }))
    await waitFor(() => expect(screen.getByText('Showing 1 of 3 flights')).toBeInTheDocument())
    expect(screen.getByTestId('search-banner')).toHaveTextContent('Showing 1 of 3 results')
    expect(cards()[0]).toHaveTextContent('IndiGo')

    await user.click(screen.getByRole('radio', { name: '2+ stops' }))
    await waitFor(() => expect(cards()[0]).toHaveTextContent('Vistara'))
    expect(screen.getByText('Showing 1 of 3 flights')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: '1 stop' }))
    await waitFor(() => expect(cards()[0]).toHaveTextContent('Air India'))
    expect(cards()).toHaveLength(1)
  })

  it('filters by airline, ticked or typed as codes in any case', async () => {
    const user = await loaded()
    await user.click(screen.getByRole('checkbox', { name: 'Air India (AI)' }))
    await waitFor(() => expect(screen.getByText('Showing 1 of 3 flights')).toBeInTheDocument())
    expect(cards()[0]).toHaveTextContent('Air India')
    await user.click(screen.getByRole('checkbox', { name: 'Air India (AI)' }))
    await waitFor(() => expect(screen.getByText('Showing 3 of 3 flights')).toBeInTheDocument())

    const codes = screen.getByRole('textbox', { name: 'Airline codes' })
    await user.type(codes, 'uk,6e')
    expect(codes).toHaveValue('UK,6E')
    await waitFor(() => expect(screen.getByText('Showing 2 of 3 flights')).toBeInTheDocument())
    expect(prices()).toEqual(['₹5,293.46', '₹6,100'])
  })

  it('takes numbers only as price bounds, an empty one being no bound', async () => {
    const user = await loaded()
    const min = screen.getByRole('textbox', { name: 'Minimum price' })
    const max = screen.getByRole('textbox', { name: 'Maximum price' })
    await user.click(min)
    await user.paste('6,1o0')
    expect(min).toHaveValue('610')
    await user.clear(min)
    await user.click(min)
    await user.paste('6100')
    await waitFor(() => expect(screen.getByText('Showing 2 of 3 flights')).toBeInTheDocument())
    await user.click(max)
    await user.paste('7449.99')
    await waitFor(() => expect(screen.getByText('Showing 1 of 3 flights')).toBeInTheDocument())
    expect(prices()).toEqual(['₹6,100'])
    await user.clear(min)
    await waitFor(() => expect(screen.getByText('Showing 2 of 3 flights')).toBeInTheDocument())
    await user.clear(max)
    await user.click(max)
    await user.paste('1000')
    expect(await screen.findByText('No flights match these filters. Try clearing some filters.')).toBeInTheDocument()
    expect(screen.getByTestId('search-banner')).toHaveTextContent('Showing 0 of 3 results')
  })

  it('sorts cheapest, fastest or earliest', async () => {
    const user = await loaded()
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('cheapest')
    await user.selectOptions(sort, 'fastest')
    await waitFor(() => expect(prices()).toEqual(['₹5,293.46', '₹7,450', '₹6,100']))
    await user.selectOptions(sort, 'earliest')
    await waitFor(() => expect(prices()).toEqual(['₹5,293.46', '₹6,100', '₹7,450']))
  })

  it('shows the operating carrier of a codeshare by name and the last ticket date in either form, never null', async () => {
    searching(() => [
      [
        flightResult({
          n: 1,
          airline: 'AI',
          airlineName: 'Air India',
          operatingCarrier: 'UK',
          lastTicketDate: '31AUG27',
          price: '5000',
        }),
        flightResult({
          n: 2,
          airline: '6E',
          operatingCarrier: 'QZ',
          lastTicketDate: '2027-01-10T23:59:00',
          price: '6000',
        }),
        flightResult({ n: 3, airline: 'SG', airlineName: 'SpiceJet', lastTicketDate: null, price: '7000' }),
      ],
    ])
    renderRoutes({ routes, initialEntries: [URL_ONE_WAY] })
    await screen.findByText('Showing 3 of 3 flights')
    const [first, second, third] = cards()
    expect(first).toHaveTextContent('Operated by Vistara')
    expect(first).toHaveTextContent(`Last ticket date: ${formatLastTicketDate('31AUG27')}`)
    expect(formatLastTicketDate('31AUG27')).toMatch(/31 Aug,? 2027/)
    expect(second).toHaveTextContent('Operated by QZ')
    expect(second).toHaveTextContent(`Last ticket date: ${formatLastTicketDate('2027-01-10T23:59:00')}`)
    expect(formatLastTicketDate('2027-01-10T23:59:00')).toMatch(/10 Jan,? 2027, 23:59/)
    expect(third).not.toHaveTextContent('Operated by')
    expect(third).not.toHaveTextContent('Last ticket date')
    expect(document.body).not.toHaveTextContent(/null|undefined|NaN/)
  })

  it('marks an arrival on a later day with +1, read out as next day', async () => {
    searching(() => [
      [
        flightResult({ n: 1, depart: '22:20', durationMins: 130, price: '5000' }),
        flightResult({ n: 2, depart: '06:05', durationMins: 130, price: '6000' }),
      ],
    ])
    renderRoutes({ routes, initialEntries: [URL_ONE_WAY] })
    await screen.findAllByTestId('flight-card')
    const [late, early] = cards().map((c) => within(c).getByTestId('arrive'))
    expect(late).toHaveTextContent('00:30+1, next day')
    expect(early).toHaveTextContent(/^08:15$/)
  })

  it('shows a failed search in a red box with the API message', async () => {
    server.use(
      airlines(),
      api.flightSearch(() =>
        errorReply(502, { error: 'supplier_error', message: 'The airline system did not answer.' }),
      ),
    )
    renderRoutes({ routes, initialEntries: [URL_ONE_WAY] })
    const box = await screen.findByTestId('load-failure')
    expect(box).toHaveAttribute('role', 'alert')
    expect(box).toHaveAttribute('data-status', 'error')
    expect(box).toHaveTextContent('Failed to load flights')
    expect(box).toHaveTextContent('The airline system did not answer.')
  })

  it('chooses a flight: fare link with ri encoded exactly, trace id, session storage and the flight in state', async () => {
    searching(() => [three])
    const { router } = renderRoutes({ routes, initialEntries: [URL_ONE_WAY] })
    await screen.findByText('Showing 3 of 3 flights')
    await userEvent.click(screen.getByRole('button', { name: 'Select IndiGo 6E 2031' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/flights/fare'))
    const search = new URLSearchParams(router.state.location.search)
    const ri = resultIndex(2)
    expect(ri).toMatch(/[+/=[\]]/)
    expect(search.get('ri')).toBe(ri)
    expect(router.state.location.search).not.toContain('+')
    expect(search.get('from')).toBe('BOM')
    expect(search.get('to')).toBe('DEL')
    expect(search.get('date')).toBe(DATE)
    expect(search.get('adults')).toBe('1')
    expect(search.get('cabin')).toBe('any')
    expect(search.get('t')).toBe(TRACE_ID)
    expect(search.get('children')).toBe('0')
    expect(search.get('infants')).toBe('0')
    expect([...search.keys()]).toEqual(['ri', 'from', 'to', 'date', 'adults', 'children', 'infants', 'cabin', 't'])
    const state = router.state.location.state as { flight: { id: string }; traceId: string }
    expect(state.flight.id).toBe(ri)
    expect(state.traceId).toBe(TRACE_ID)

    const saved = loadSelectedFlight()
    expect(saved).toMatchObject({
      id: ri,
      from: 'BOM',
      to: 'DEL',
      date: DATE,
      traceId: TRACE_ID,
      travellers: { adults: 1, children: 0, infants: 0 },
    })
    expect(saved?.at).toBeGreaterThan(Date.now() - 60_000)
    expect(loadTrace()?.traceId).toBe(TRACE_ID)
  })

  it('dates the fare link today when the URL has no date', async () => {
    searching(() => [three])
    const { router } = renderRoutes({ routes, initialEntries: ['/flights?from=BOM&to=DEL'] })
    await screen.findByText('Showing 3 of 3 flights')
    await userEvent.click(screen.getByRole('button', { name: 'Select IndiGo 6E 2031' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/flights/fare'))
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
    expect(new URLSearchParams(router.state.location.search).get('date')).toBe(today)
  })

  it('shows a domestic round trip as a departure and a return list, each filtered and selectable', async () => {
    const back = [
      flightResult({
        n: 11,
        direction: 'IB',
        from: 'DEL',
        to: 'BOM',
        date: '2027-01-20',
        airline: 'AI',
        airlineName: 'Air India',
        price: '4800',
        stops: 0,
      }),
      flightResult({
        n: 12,
        direction: 'IB',
        from: 'DEL',
        to: 'BOM',
        date: '2027-01-20',
        airline: 'UK',
        airlineName: 'Vistara',
        price: '5100',
        stops: 1,
      }),
    ]
    searching(() => [three, back])
    const { router } = renderRoutes({
      routes,
      initialEntries: [`/flights?from=BOM&to=DEL&date=${DATE}&return=2027-01-20&adults=1&cabin=any`],
    })
    const outbound = await screen.findByRole('list', { name: 'Departure BOM → DEL' })
    const inbound = screen.getByRole('list', { name: 'Return DEL → BOM' })
    expect(within(outbound).getAllByTestId('flight-card')).toHaveLength(3)
    expect(within(inbound).getAllByTestId('flight-card')).toHaveLength(2)
    expect(screen.getByRole('heading', { level: 2, name: 'Departure BOM → DEL' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Return DEL → BOM' })).toBeInTheDocument()
    expect(screen.getByTestId('search-banner')).toHaveTextContent('Showing 5 of 5 results')

    await userEvent.click(screen.getByRole('radio', { name: 'Non-stop' }))
    await waitFor(() => expect(screen.getByTestId('search-banner')).toHaveTextContent('Showing 2 of 5 results'))
    expect(screen.getByText('Showing 1 of 2 flights')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Select Air India AI 111' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/flights/fare'))
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('ri')).toBe(resultIndex(11, 'IB'))
    expect(search.get('from')).toBe('DEL')
    expect(search.get('to')).toBe('BOM')
    expect(search.get('date')).toBe('2027-01-20')
  })

  it('searches each complete multi-city leg and lists each under its own heading', async () => {
    searching((input) => [
      [
        flightResult({
          n: input.origin === 'BOM' ? 1 : 2,
          from: input.origin,
          to: input.destination,
          date: input.departDate,
        }),
      ],
    ])
    const calls = recordCalls()
    renderRoutes({
      routes,
      initialEntries: [
        '/flights?type=multi&adults=1&children=0&infants=0&cabin=any&nonstop=false&from1=BOM&to1=DEL&date1=2027-01-15&from2=DEL&to2=BLR&date2=2027-01-18&from3=BLR',
      ],
    })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Flight 1: BOM → DEL · 15-01-2027' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Flight 2: DEL → BLR · 18-01-2027' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByText('Showing 1 of 1 flights')).toHaveLength(2))
    expect(screen.getByTestId('search-banner')).toHaveTextContent('BOM → DEL → BLR on 15-01-2027')
    expect(calls.filter((c) => c.path === '/api/v1/flights/tbo/search')).toHaveLength(2)
  })

  it('shows both ways of an international round trip on one card', async () => {
    const result = flightResult({ n: 5, from: 'DEL', to: 'YYZ', airline: 'AI', airlineName: 'Air India' })
    const back = flightResult({ n: 6, from: 'YYZ', to: 'DEL', date: '2027-02-01', depart: '22:10', airline: 'AI' })
    result.Segments.push(back.Segments[0]!)
    searching(() => [[result]])
    renderRoutes({ routes, initialEntries: [`/flights?from=DEL&to=YYZ&date=${DATE}&return=2027-02-01`] })
    const card = (await screen.findAllByTestId('flight-card'))[0]!
    expect(card).toHaveTextContent('Outbound')
    expect(card).toHaveTextContent('Return')
    expect(card).toHaveTextContent('22:10')
    expect(card).toHaveTextContent('YYZ')
  })
})

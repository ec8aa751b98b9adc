import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { server } from '@/testing/server'
import { AIRPORTS_PATH, type Airport } from '../../lib/airports'
import { addDays } from '../../lib/dates'
import { todayISO, toDisplayDate } from '@/lib/calendar-date'
import type { SearchForm } from '../../lib/search-query'
import { FlightSearchForm } from './flight-search-form'

const NAMED: Airport[] = [
  {
    code: 'BLR',
    city: 'Bengaluru',
    name: 'Kempegowda International Airport',
    country: 'India',
    label: 'Bengaluru (BLR)',
  },
  {
    code: 'BOM',
    city: 'Mumbai',
    name: 'Chhatrapati Shivaji International Airport',
    country: 'India',
    label: 'Mumbai (BOM)',
  },
  { code: 'DEL', city: 'Delhi', name: 'Indira Gandhi International Airport', country: 'India', label: 'Delhi (DEL)' },
  { code: 'GOI', city: 'Goa', name: 'Dabolim Airport', country: 'India', label: 'Goa (GOI)' },
  { code: 'IXM', city: 'Madurai', name: 'Madurai Airport', country: 'India', label: 'Madurai (IXM)' },
]
// Enough airports that the 20-suggestion limit shows.
const FILLER: Airport[] = Array.from({ length: 25 }, (_, i) => {
  const code = `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`
  return { code, city: `Town ${i + 1}`, name: `Field ${i + 1}`, country: 'India', label: `Town ${i + 1} (${code})` }
})
const AIRPORTS = [...NAMED, ...FILLER]

function serveAirports(list: Airport[] = AIRPORTS) {
  server.use(http.get(AIRPORTS_PATH, () => HttpResponse.json(list)))
}

function renderForm(initial?: Partial<SearchForm>) {
  return renderRoutes({
    routes: [
      { path: '/', element: <FlightSearchForm initial={initial} /> },
      { path: '/flights', element: <p>Results</p> },
    ],
  })
}

const day = (n: number) => addDays(todayISO(), n)
const shown = (n: number) => toDisplayDate(day(n))

function queryOf(router: ReturnType<typeof renderForm>['router']) {
  return router.state.location.search.replace(/^\?/, '')
}

async function submitted(router: ReturnType<typeof renderForm>['router']) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/flights'))
  return queryOf(router)
}

/** The suggestions the combobox offers (its listbox, found through aria-controls). */
function optionsOf(combobox: HTMLElement) {
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '')
  if (!list) throw new Error('the combobox controls no listbox')
  return within(list).queryAllByRole('option', { hidden: true })
}

describe('airport suggestions', () => {
  it('open at the first non-blank character and match code, city or name by prefix, in any case', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm({ from: '', to: '' })
    const from = screen.getByRole('combobox', { name: 'From' })

    await user.type(from, ' ')
    expect(from).toHaveAttribute('aria-expanded', 'false')

    await user.type(from, 'mUm')
    await waitFor(() => expect(from).toHaveAttribute('aria-expanded', 'true'))
    expect(optionsOf(from).map((o) => o.textContent)).toEqual([expect.stringContaining('Mumbai (BOM)')])

    await user.clear(from)
    await user.type(from, 'del')
    expect(optionsOf(from).map((o) => o.textContent)).toEqual([expect.stringContaining('Delhi (DEL)')])

    await user.clear(from)
    await user.type(from, 'CHHATRA')
    expect(optionsOf(from).map((o) => o.textContent)).toEqual([expect.stringContaining('Mumbai (BOM)')])

    await user.clear(from)
    await user.type(from, 'b')
    expect(optionsOf(from).map((o) => o.textContent?.slice(0, 15))).toEqual(['Bengaluru (BLR)', 'Mumbai (BOM)Chh'])
  })

  it('offer the first 20 airports of the list when nothing matches', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm({ from: '' })
    const from = screen.getByRole('combobox', { name: 'From' })
    await user.type(from, 'zz')
    await waitFor(() => expect(optionsOf(from)).toHaveLength(20))
    expect(optionsOf(from)[0]).toHaveTextContent('Bengaluru (BLR)')
    expect(optionsOf(from)[19]).toHaveTextContent(FILLER[14]!.label!)
  })

  it('are walked with the arrow keys and picked with Enter, showing the city and sending the code', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm({ from: '' })
    const from = screen.getByRole('combobox', { name: 'From' })
    await user.type(from, 'm')
    await waitFor(() => expect(optionsOf(from)).toHaveLength(2))
    const [mumbai, madurai] = optionsOf(from)
    expect(from).not.toHaveAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    expect(from).toHaveAttribute('aria-activedescendant', mumbai!.id)
    expect(mumbai).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}')
    expect(from).toHaveAttribute('aria-activedescendant', madurai!.id)
    expect(mumbai).toHaveAttribute('aria-selected', 'false')
    await user.keyboard('{ArrowUp}')
    expect(from).toHaveAttribute('aria-activedescendant', mumbai!.id)

    await user.keyboard('{Enter}')
    expect(from).toHaveValue('Mumbai (BOM)')
    expect(from).toHaveAttribute('aria-expanded', 'false')
    expect(router.state.location.pathname).toBe('/')

    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).toMatch(/^from=BOM&to=DEL&/)
  })

  it('close on Escape, on a click elsewhere and on a pick by pointer', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm({ to: '' })
    const to = screen.getByRole('combobox', { name: 'To' })
    await user.type(to, 'go')
    await waitFor(() => expect(to).toHaveAttribute('aria-expanded', 'true'))
    await user.keyboard('{Escape}')
    expect(to).toHaveAttribute('aria-expanded', 'false')

    await user.type(to, 'a')
    expect(to).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByText('Travellers'))
    expect(to).toHaveAttribute('aria-expanded', 'false')

    await user.click(to)
    await user.type(to, '{Backspace}')
    expect(to).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('option', { name: /Goa \(GOI\)/ }))
    expect(to).toHaveAttribute('aria-expanded', 'false')
    expect(to).toHaveValue('Goa (GOI)')
  })

  it('leave behind the three-letter code in the text, else the text upper-cased', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm()
    const from = screen.getByRole('combobox', { name: 'From' })
    const to = screen.getByRole('combobox', { name: 'To' })
    await user.clear(from)
    await user.type(from, 'near IXM please')
    await user.clear(to)
    await user.type(to, 'pune')
    await user.tab()
    expect(from).toHaveValue('Madurai (IXM)')
    expect(to).toHaveValue('PUNE')
    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).toMatch(/^from=IXM&to=PUNE&/)
  })

  it('stay closed, silently, when the airport list cannot be loaded', async () => {
    server.use(http.get(AIRPORTS_PATH, () => HttpResponse.json({ error: 'gone' }, { status: 500 })))
    const user = userEvent.setup()
    renderForm({ from: '' })
    const from = screen.getByRole('combobox', { name: 'From' })
    await user.type(from, 'mum')
    await new Promise((r) => setTimeout(r, 50))
    expect(from).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('dates', () => {
  it('allow no departure before today', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm()
    const departure = screen.getByLabelText('Departure')
    expect(departure).toHaveValue(shown(0))
    await user.clear(departure)
    await user.type(departure, shown(-1))
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(`Choose ${shown(0)} or later.`)
  })

  it('allow no return before the departure, and clear a return earlier than a new departure', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm()
    const departure = screen.getByLabelText('Departure')
    const ret = screen.getByLabelText('Return')
    await user.clear(departure)
    await user.type(departure, shown(5))
    await user.type(ret, shown(4))
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(`Choose ${shown(5)} or later.`)

    await user.clear(ret)
    await user.type(ret, shown(7))
    await user.tab()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(ret).toHaveValue(shown(7))

    await user.clear(departure)
    await user.type(departure, shown(8))
    expect(ret).toHaveValue('')
  })

  it('allow a return from today when no departure is chosen', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm()
    await user.click(screen.getByRole('button', { name: 'Clear Departure' }))
    expect(screen.getByLabelText('Departure')).toHaveValue('')
    const ret = screen.getByLabelText('Return')
    await user.type(ret, shown(-1))
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(`Choose ${shown(0)} or later.`)
    await user.clear(ret)
    await user.type(ret, shown(0))
    await user.tab()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('are cleared by their clear buttons', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm({ returnDate: day(3) })
    expect(screen.getByLabelText('Return')).toHaveValue(shown(3))
    await user.click(screen.getByRole('button', { name: 'Clear Return' }))
    expect(screen.getByLabelText('Return')).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Clear Return' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).not.toContain('return=')
  })
})

describe('travellers', () => {
  it('count adults 1 to 9 and children and infants 0 to 9', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm()
    const adults = screen.getByRole('group', { name: 'Adults' })
    const children = screen.getByRole('group', { name: 'Children' })
    expect(within(adults).getByRole('status')).toHaveTextContent('1')
    expect(screen.getByRole('button', { name: 'Remove adult' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Remove child' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Remove infant' })).toBeDisabled()

    for (let i = 0; i < 8; i++) await user.click(screen.getByRole('button', { name: 'Add adult' }))
    expect(within(adults).getByRole('status')).toHaveTextContent('9')
    expect(screen.getByRole('button', { name: 'Add adult' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Remove adult' })).toBeEnabled()

    for (let i = 0; i < 9; i++) await user.click(screen.getByRole('button', { name: 'Add child' }))
    expect(within(children).getByRole('status')).toHaveTextContent('9')
    expect(screen.getByRole('button', { name: 'Add child' })).toBeDisabled()
    for (let i = 0; i < 9; i++) await user.click(screen.getByRole('button', { name: 'Add infant' }))
    expect(screen.getByRole('button', { name: 'Add infant' })).toBeDisabled()
  })

  it('take no more infants than adults, and fewer adults take infants down with them', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm()
    const infants = screen.getByRole('group', { name: 'Infants' })
    expect(infants).toHaveTextContent('One infant per adult')
    await user.click(screen.getByRole('button', { name: 'Add infant' }))
    expect(within(infants).getByRole('status')).toHaveTextContent('1')
    expect(screen.getByRole('button', { name: 'Add infant' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Add adult' }))
    await user.click(screen.getByRole('button', { name: 'Add infant' }))
    expect(within(infants).getByRole('status')).toHaveTextContent('2')
    expect(screen.getByRole('button', { name: 'Add infant' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Remove adult' }))
    expect(within(infants).getByRole('status')).toHaveTextContent('1')
  })
})

describe('the query a search opens /flights with', () => {
  it('is the round trip of spec 2.4 with its return, options and travellers', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm()
    const from = screen.getByRole('combobox', { name: 'From' })
    await user.clear(from)
    await user.type(from, 'bengal')
    await user.click(await screen.findByRole('option', { name: /Bengaluru \(BLR\)/ }))
    const to = screen.getByRole('combobox', { name: 'To' })
    await user.clear(to)
    await user.type(to, 'goa')
    await user.keyboard('{ArrowDown}{Enter}')
    const departure = screen.getByLabelText('Departure')
    await user.clear(departure)
    await user.type(departure, shown(10))
    await user.type(screen.getByLabelText('Return'), shown(14))
    await user.click(screen.getByRole('button', { name: 'Add adult' }))
    await user.click(screen.getByRole('button', { name: 'Add child' }))
    await user.click(screen.getByRole('button', { name: 'Add infant' }))

    const more = screen.getByRole('button', { name: 'More options' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    await user.click(more)
    expect(screen.getByRole('button', { name: 'Less options' })).toHaveAttribute('aria-expanded', 'true')
    await user.selectOptions(screen.getByLabelText('Cabin'), 'Premium Economy')
    await user.type(screen.getByLabelText('Airline'), 'ai')
    await user.click(screen.getByRole('checkbox', { name: 'Non-stop only' }))

    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).toBe(
      `from=BLR&to=GOI&date=${day(10)}&return=${day(14)}&adults=2&children=1&infants=1&cabin=premium&airline=AI&nonstop=true`,
    )
  })

  it('carries no return for one way, and the options close again with Less options', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm({ returnDate: day(3) })
    await user.click(screen.getByRole('button', { name: 'More options' }))
    await user.click(screen.getByRole('button', { name: 'Less options' }))
    expect(screen.getByRole('button', { name: 'More options' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'One way' }))
    expect(screen.queryByLabelText('Return')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).toBe(
      `from=BOM&to=DEL&date=${day(0)}&adults=1&children=0&infants=0&cabin=any&nonstop=false`,
    )
  })

  it('keeps More options open, with its choices, across a switch to multi-city and back', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm()
    await user.click(screen.getByRole('button', { name: 'More options' }))
    await user.selectOptions(screen.getByLabelText('Cabin'), 'Business')
    await user.click(screen.getByRole('radio', { name: 'Multi-city' }))
    await user.click(screen.getByRole('radio', { name: 'Round trip' }))
    expect(screen.getByRole('button', { name: 'Less options' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByLabelText('Cabin')).toHaveValue('business')
    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).toContain('cabin=business')
  })

  it('is the multi-city query with only the filled leg fields', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Multi-city' }))
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument()
    const legs = ['Flight 1', 'Flight 2', 'Flight 3'].map((name) => screen.getByRole('group', { name }))
    expect(screen.queryByRole('group', { name: 'Flight 4' })).not.toBeInTheDocument()

    const [first, second, third] = legs as [HTMLElement, HTMLElement, HTMLElement]
    await user.type(within(first).getByRole('combobox', { name: 'From' }), 'BOM')
    await user.type(within(first).getByRole('combobox', { name: 'To' }), 'DEL')
    await user.type(within(first).getByLabelText('Date'), shown(2))
    await user.type(within(second).getByRole('combobox', { name: 'From' }), 'del')
    await user.type(within(second).getByLabelText('Date'), shown(4))
    await user.type(within(third).getByRole('combobox', { name: 'To' }), 'goi')
    await user.click(screen.getByRole('button', { name: 'Add adult' }))
    await user.click(screen.getByRole('button', { name: 'Search Flights' }))

    expect(await submitted(router)).toBe(
      `type=multi&adults=2&children=0&infants=0&cabin=any&nonstop=false&from1=BOM&to1=DEL&date1=${day(2)}&from2=DEL&date2=${day(4)}&to3=GOI`,
    )
  })

  it('carries an airline only when one is filled', async () => {
    serveAirports()
    const user = userEvent.setup()
    const { router } = renderForm({ airline: '6E', type: 'oneway' })
    await user.click(screen.getByRole('button', { name: 'More options' }))
    await user.clear(screen.getByLabelText('Airline'))
    await user.click(screen.getByRole('button', { name: 'Search Flights' }))
    expect(await submitted(router)).toBe(
      `from=BOM&to=DEL&date=${day(0)}&adults=1&children=0&infants=0&cabin=any&nonstop=false`,
    )
  })
})

describe('multi-city legs', () => {
  it('date each leg no earlier than the one before, and can be added and removed', async () => {
    serveAirports()
    const user = userEvent.setup()
    renderForm({ type: 'multi' })
    const first = screen.getByRole('group', { name: 'Flight 1' })
    const second = screen.getByRole('group', { name: 'Flight 2' })
    await user.type(within(first).getByLabelText('Date'), shown(-1))
    await user.tab()
    expect(within(first).getByRole('alert')).toHaveTextContent(`Choose ${shown(0)} or later.`)
    await user.clear(within(first).getByLabelText('Date'))
    await user.type(within(first).getByLabelText('Date'), shown(6))
    await user.type(within(second).getByLabelText('Date'), shown(5))
    await user.tab()
    expect(within(second).getByRole('alert')).toHaveTextContent(`Choose ${shown(6)} or later.`)
    await user.clear(within(second).getByLabelText('Date'))
    await user.type(within(second).getByLabelText('Date'), shown(6))
    await user.tab()
    expect(within(second).queryByRole('alert')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add another flight' }))
    expect(screen.getByRole('group', { name: 'Flight 4' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove flight 4' }))
    await user.click(screen.getByRole('button', { name: 'Remove flight 3' }))
    expect(screen.queryByRole('group', { name: 'Flight 3' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remove flight/ })).not.toBeInTheDocument()
  })
})

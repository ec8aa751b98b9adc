import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, spokenText } from '@/testing/test-utils'
import { HOLIDAY_PACKAGES } from '../data/packages'
import { HolidaysPage } from './holidays-page'
import { PackageBrowser } from './package-browser'

function renderHolidays() {
  return renderRoutes({
    routes: [
      { path: '/holidays', element: <HolidaysPage /> },
      { path: '/go/concierge', element: <p>Concierge page</p> },
    ],
    initialEntries: ['/holidays'],
  })
}

function shownPackages() {
  return screen
    .getAllByTestId('package-card')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent)
}

const pill = (name: string) => screen.getByRole('button', { name })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the holidays page', () => {
  it('has one h1, the page description and a typing line hidden from screen readers behind a static one', () => {
    renderHolidays()
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Holidays'])
    expect(document.title).toBe('Holidays · Paryatan')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Holiday packages/)
    expect(screen.getByTestId('typing-line')).toHaveAttribute('aria-hidden', 'true')
    expect(
      screen.getByText('Holidays to Bali, Dubai, the Maldives, Goa, Kashmir, Kerala, Japan and Ladakh.'),
    ).toBeInTheDocument()
  })

  it('shows whole destination names at once when the visitor prefers reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    )
    renderHolidays()
    expect(screen.getByTestId('typing-text')).toHaveTextContent(/^Bali$/)
  })

  it('lets the visitor pause the destination names', async () => {
    const user = userEvent.setup()
    renderHolidays()
    await user.click(screen.getByRole('button', { name: 'Pause destination names' }))
    const text = screen.getByTestId('typing-text').textContent
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.getByTestId('typing-text').textContent).toBe(text)
    expect(screen.getByRole('button', { name: 'Play destination names' })).toBeInTheDocument()
  })

  it('links to every destination guide', () => {
    renderHolidays()
    const guides = screen.getByRole('region', { name: 'Stopovers, the Gulf and group tours' })
    expect(
      within(guides)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/holidays/qatar',
      '/holidays/hong-kong',
      '/holidays/group-departures',
      '/holidays/dubai-stopover',
      '/holidays/saudi',
      '/holidays/qatar-stopover',
    ])
  })
})

describe('the package filters', () => {
  it('are pressed one at a time, starting with Top Destination', async () => {
    const user = userEvent.setup()
    renderHolidays()
    const names = ['Top Destination', 'Trending', 'International', 'Domestic', 'Budget']
    const group = screen.getByRole('group', { name: 'Show packages' })
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(names)
    expect(pill('Top Destination')).toHaveAttribute('aria-pressed', 'true')
    expect(shownPackages()).toEqual([
      'Bali',
      'Goa',
      'Dubai',
      'Kerala',
      'Singapore and Malaysia',
      'Kashmir',
      'Qatar',
      'Andaman',
    ])
    expect(screen.getByRole('status')).toHaveTextContent('Showing 8 packages')

    await user.click(pill('Trending'))
    expect(pill('Trending')).toHaveAttribute('aria-pressed', 'true')
    expect(pill('Top Destination')).toHaveAttribute('aria-pressed', 'false')
    expect(shownPackages()).toEqual(['Bali', 'Dubai', 'Maldives', 'Goa', 'Kashmir'])

    await user.click(pill('International'))
    expect(shownPackages()).toHaveLength(10)
    expect(shownPackages()).toContain('New Zealand')
    expect(shownPackages()).not.toContain('Goa')

    await user.click(pill('Domestic'))
    expect(shownPackages()).toHaveLength(10)
    expect(shownPackages()).toContain('Coorg')
    expect(shownPackages()).not.toContain('Bali')
    expect(screen.queryByLabelText('Scope')).not.toBeInTheDocument()
  })

  it('show scope, title, subtitle and the From price, and each card asks the concierge', () => {
    renderHolidays()
    const card = screen.getAllByTestId('package-card')[0]!
    expect(within(card).getByText('International')).toBeInTheDocument()
    expect(within(card).getByText(/^5 nights · return flights, pool villa/)).toBeInTheDocument()
    expect(card).toHaveTextContent('From ₹64,900 per person')
    // Read as words: the rupee sign and the shown price are hidden from screen readers.
    expect(spokenText(card)).toContain('From 64,900 rupees per person')
    expect(spokenText(card)).not.toContain('₹')
    expect(within(card).getByRole('link', { name: 'Bali' })).toHaveAttribute(
      'href',
      '/go/concierge?from=holidays&topic=holidays&card=Bali',
    )
  })

  it('Budget shows Scope and Budget selects; a new scope starts at its first band', async () => {
    const user = userEvent.setup()
    renderHolidays()
    await user.click(pill('Budget'))
    const scope = screen.getByLabelText('Scope')
    const band = screen.getByLabelText('Budget')
    expect(scope).toHaveValue('Domestic')
    expect(
      within(band)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Under ₹15,000', '₹15,000 to ₹30,000', '₹30,000 to ₹50,000', '₹50,000 and above'])
    expect(shownPackages()).toEqual(['Rishikesh', 'Goa', 'Manali'])

    await user.selectOptions(band, '₹50,000 and above')
    expect(shownPackages()).toEqual(['Ladakh'])

    await user.selectOptions(scope, 'International')
    expect(screen.getByLabelText('Budget')).toHaveValue('under-40k')
    expect(
      within(screen.getByLabelText('Budget'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Under ₹40,000', '₹40,000 to ₹80,000', '₹80,000 to ₹1,50,000', '₹1,50,000 and above'])
    expect(shownPackages()).toEqual(['Dubai'])

    await user.selectOptions(screen.getByLabelText('Budget'), '₹1,50,000 and above')
    expect(shownPackages()).toEqual(['Paris', 'Japan', 'New Zealand'])
    await user.selectOptions(screen.getByLabelText('Scope'), 'Domestic')
    expect(screen.getByLabelText('Budget')).toHaveValue('under-15k')
  })

  it('an empty band says so and offers the concierge', async () => {
    const user = userEvent.setup()
    renderRoutes({
      routes: [{ path: '/', element: <PackageBrowser packages={HOLIDAY_PACKAGES.filter((p) => p.price > 20_000)} /> }],
    })
    await user.click(pill('Budget'))
    expect(screen.queryAllByTestId('package-card')).toHaveLength(0)
    expect(screen.getByText('No domestic packages in the under ₹15,000 band right now.')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Ask the concierge' })
    const query = new URL(link.getAttribute('href') ?? '', 'https://x').searchParams
    expect(Object.fromEntries(query)).toEqual({
      from: 'holidays',
      topic: 'holidays',
      card: 'Domestic holiday, Under ₹15,000',
    })
  })

  it('a card opens the concierge', async () => {
    const user = userEvent.setup()
    const { router } = renderHolidays()
    await user.click(screen.getByRole('link', { name: 'Goa' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/go/concierge'))
    expect(router.state.location.search).toBe('?from=holidays&topic=holidays&card=Goa')
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { CruisesPage } from './cruises-page'

function renderCruises() {
  return renderRoutes({
    routes: [
      { path: '/cruises', element: <CruisesPage /> },
      { path: '/go/concierge', element: <p>Concierge page</p> },
    ],
    initialEntries: ['/cruises'],
  })
}

describe('the cruises page', () => {
  it('has one h1 and its own description', () => {
    renderCruises()
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Cruises'])
    expect(document.title).toBe('Cruises · Paryatan')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Cruises from India/)
  })

  it('keeps Search disabled, saying what is missing, until destination, port and duration are chosen', async () => {
    const user = userEvent.setup()
    const { router } = renderCruises()
    const form = screen.getByRole('form', { name: 'Search cruises' })
    const search = within(form).getByRole('button', { name: 'Search' })
    expect(search).toBeDisabled()
    expect(search).toHaveAccessibleDescription('Choose Going to, Departure port and Duration to search.')
    expect(within(form).getByRole('button', { name: '2 adults' })).toBeInTheDocument()

    expect(
      within(screen.getByLabelText('Going to'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a destination',
      'Mediterranean',
      'Middle East',
      'Alaska',
      'Norway and Iceland',
      'Southeast Asia',
    ])
    expect(
      within(screen.getByLabelText('Departure port'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a port', 'Barcelona', 'Rome', 'Dubai', 'Singapore', 'Southampton', 'Seattle'])
    expect(
      within(screen.getByLabelText('Duration'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a duration', '3–4 nights', '5–7 nights', '8–10 nights', '10+ nights'])

    await user.selectOptions(screen.getByLabelText('Going to'), 'Middle East')
    await user.selectOptions(screen.getByLabelText('Departure port'), 'Dubai')
    expect(search).toBeDisabled()
    expect(search).toHaveAccessibleDescription('Choose Duration to search.')
    await user.click(search)
    expect(router.state.location.pathname).toBe('/cruises')

    await user.selectOptions(screen.getByLabelText('Duration'), '3–4 nights')
    expect(search).toBeEnabled()
    await user.click(search)
    await waitFor(() => expect(router.state.location.pathname).toBe('/go/concierge'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: 'cruises',
      to: 'Middle East',
      port: 'Dubai',
      duration: '3–4 nights',
      pax: '2 adults',
    })
  })

  it('sends the month and the travellers chosen', async () => {
    const user = userEvent.setup()
    const { router } = renderCruises()
    await user.selectOptions(screen.getByLabelText('Going to'), 'Alaska')
    await user.selectOptions(screen.getByLabelText('Departure port'), 'Seattle')
    await user.selectOptions(screen.getByLabelText('Duration'), '8–10 nights')
    const month = screen.getByLabelText('Travel dates')
    const third = within(month).getAllByRole('option')[3] as HTMLOptionElement
    await user.selectOptions(month, third)
    await user.click(screen.getByRole('button', { name: '2 adults' }))
    await user.click(await screen.findByRole('button', { name: 'Add child' }))
    await user.click(screen.getByRole('button', { name: 'Add adult' }))
    expect(screen.getByRole('button', { name: '3 adults, 1 child' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/go/concierge'))
    const query = new URLSearchParams(router.state.location.search)
    expect(query.get('dates')).toBe(third.value)
    expect(query.get('dates')).toMatch(/^\d{4}-\d{2}$/)
    expect(query.get('pax')).toBe('3 adults, 1 child')
  })

  it('shows the top destinations with their cruise counts, each handing off to the concierge', () => {
    renderCruises()
    const section = screen.getByRole('region', { name: 'Top destinations' })
    const links = within(section).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Mediterranean', '/go/concierge?from=cruises&to=Mediterranean'],
      ['Middle East', '/go/concierge?from=cruises&to=Middle+East'],
      ['Alaska', '/go/concierge?from=cruises&to=Alaska'],
      ['Norway and Iceland', '/go/concierge?from=cruises&to=Norway+and+Iceland'],
      ['Southeast Asia', '/go/concierge?from=cruises&to=Southeast+Asia'],
    ])
    expect(within(section).getByText('128 cruises')).toBeInTheDocument()
  })

  it('summarises the reviews with a text for every bar, and offers a chat', () => {
    renderCruises()
    const reviews = screen.getByRole('region', { name: 'What cruisers say' })
    expect(reviews).toHaveTextContent('4.9 out of 5')
    expect(reviews).toHaveTextContent('from 457 reviews')
    const bars = within(within(reviews).getByRole('list', { name: 'Reviews by star rating' })).getAllByRole('listitem')
    expect(bars.map((li) => li.textContent)).toEqual([
      '5 stars: 431 reviews431',
      '4 stars: 24 reviews24',
      '3 stars: 3 reviews3',
      '2 stars: 2 reviews2',
      '1 star: 1 review1',
    ])
    expect(within(reviews).getByRole('link', { name: 'Start a chat' })).toHaveAttribute(
      'href',
      '/go/concierge?from=cruises',
    )
  })

  it('lists the cruise lines and why to book with us', () => {
    renderCruises()
    const partners = screen.getByRole('region', { name: 'Cruise lines we book' })
    for (const line of ['Cordelia Cruises', 'Royal Caribbean International', 'MSC Cruises', 'Resorts World Cruises']) {
      expect(within(partners).getByText(line)).toBeInTheDocument()
    }
    const why = screen.getByRole('region', { name: 'Why book your cruise with Paryatan' })
    expect(within(why).getAllByRole('listitem')).toHaveLength(4)
  })

  it('opens and closes each FAQ on its own', async () => {
    const user = userEvent.setup()
    renderCruises()
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' })
    const change = within(faq).getByRole('button', { name: 'Can I change or cancel my cruise after booking?' })
    const visa = within(faq).getByRole('button', { name: 'Do I need a visa for a cruise?' })
    expect(change).toHaveAttribute('aria-expanded', 'false')
    expect(visa).toHaveAttribute('aria-expanded', 'false')

    await user.click(change)
    expect(change).toHaveAttribute('aria-expanded', 'true')
    // The answer opens through the accordion's own state machine, a tick after the button changes.
    await waitFor(() =>
      expect(within(faq).getByText(/^Changes up to 75 days before sail \(varies by line\)\./)).toBeVisible(),
    )
    await user.click(visa)
    expect(visa).toHaveAttribute('aria-expanded', 'true')
    expect(change).toHaveAttribute('aria-expanded', 'true')

    await user.click(change)
    expect(change).toHaveAttribute('aria-expanded', 'false')
    expect(visa).toHaveAttribute('aria-expanded', 'true')
  })

  it('links to blog articles and to all of them', () => {
    renderCruises()
    const articles = screen.getByRole('region', { name: 'Read before you sail' })
    expect(
      within(articles)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/blogs',
      '/blogs/first-cruise-from-india',
      '/blogs/cruise-packing-list',
      '/blogs/dubai-visa-for-indians',
    ])
    expect(within(articles).getByRole('link', { name: 'See more' })).toHaveAttribute('href', '/blogs')
  })
})

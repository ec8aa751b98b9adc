import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { CHECKIN_AIRLINES, findCheckinAirlines } from '../data/checkin'
import { FAQ_GROUPS } from '../data/faq'
import { CheckinPage } from './checkin-page'
import { FaqPage } from './faq-page'
import { InfoPage } from './info-page'

const render = (element: React.ReactElement) => renderRoutes({ routes: [{ path: '/', element }] })
const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content')

describe('findCheckinAirlines', () => {
  it('matches a name anywhere, or the exact code, ignoring case and spaces', () => {
    expect(findCheckinAirlines('  indigo ').map((a) => a.code)).toEqual(['6E'])
    expect(findCheckinAirlines('6e').map((a) => a.code)).toEqual(['6E'])
    expect(findCheckinAirlines('air india').map((a) => a.code)).toEqual(['AI', 'IX'])
    expect(findCheckinAirlines('')).toHaveLength(CHECKIN_AIRLINES.length)
    expect(findCheckinAirlines('zz')).toEqual([])
  })

  it('has one entry per airline code, each on the airline’s own https site', () => {
    expect(new Set(CHECKIN_AIRLINES.map((a) => a.code)).size).toBe(CHECKIN_AIRLINES.length)
    for (const a of CHECKIN_AIRLINES) expect(new URL(a.url).protocol).toBe('https:')
  })
})

describe('CheckinPage', () => {
  it('links each airline’s check-in in a new tab, grouped Indian and international, and filters', async () => {
    const user = userEvent.setup()
    render(<CheckinPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Web check-in' })).toBeInTheDocument()
    expect(description()).toMatch(/^Web check-in links/)
    const indian = screen.getByRole('region', { name: 'Indian airlines' })
    const link = within(indian).getByRole('link', { name: /^Check in on the IndiGo website\s+\(opens in a new tab\)$/ })
    expect(link).toHaveAttribute('href', 'https://www.goindigo.in/web-check-in.html')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getAllByTestId('checkin-airline')).toHaveLength(CHECKIN_AIRLINES.length)

    await user.type(screen.getByRole('searchbox', { name: 'Find your airline' }), 'emirates')
    expect(screen.getAllByTestId('checkin-airline')).toHaveLength(1)
    expect(screen.queryByRole('region', { name: 'Indian airlines' })).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('1 airline')
    await user.clear(screen.getByRole('searchbox', { name: 'Find your airline' }))
    await user.type(screen.getByRole('searchbox', { name: 'Find your airline' }), 'pan am')
    expect(screen.getByRole('status')).toHaveTextContent('No airline matches “pan am”.')
    expect(screen.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/account/trips')
  })
})

describe('FaqPage', () => {
  it('groups the questions by topic; each opens on its own', async () => {
    const user = userEvent.setup()
    render(<FaqPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument()
    expect(document.title).toBe('FAQ · Paryatan')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      FAQ_GROUPS.map((g) => g.title),
    )
    const [first, second] = FAQ_GROUPS[0]!.faqs
    const one = screen.getByRole('button', { name: first!.question })
    const two = screen.getByRole('button', { name: second!.question })
    await user.click(one)
    await user.click(two)
    expect(one).toHaveAttribute('aria-expanded', 'true')
    expect(two).toHaveAttribute('aria-expanded', 'true')
    // The answer opens through the accordion's own state machine, a tick after the button changes.
    await waitFor(() => expect(screen.getByText(first!.answer)).toBeVisible())
    await user.click(one)
    expect(one).toHaveAttribute('aria-expanded', 'false')
    expect(two).toHaveAttribute('aria-expanded', 'true')
  })
})

describe('InfoPage', () => {
  it('shows the baggage table and every way to reach the team', () => {
    render(<InfoPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Baggage and contact info' })).toBeInTheDocument()
    expect(description()).toMatch(/baggage allowances/)
    const table = screen.getByRole('table', { name: 'Typical baggage allowance per traveller' })
    expect(within(table).getByRole('rowheader', { name: 'Domestic, economy' })).toBeInTheDocument()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Flight', 'Cabin baggage', 'Check-in baggage'])
    const contact = screen.getByRole('region', { name: 'Contact information' })
    for (const link of within(contact).getAllByRole('link', { name: '+91 124 400 5500' })) {
      expect(link).toHaveAttribute('href', 'tel:+911244005500')
    }
    expect(within(contact).getByRole('link', { name: '+91 22 6900 5500' })).toHaveAttribute('href', 'tel:+912269005500')
    expect(within(contact).getByRole('link', { name: 'care@paryatan.in' })).toHaveAttribute(
      'href',
      'mailto:care@paryatan.in',
    )
    expect(within(contact).getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/919810055500',
    )
    expect(within(contact).getByRole('heading', { name: 'Gurgaon HQ' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'web check-in' })).toHaveAttribute('href', '/checkin')
  })
})

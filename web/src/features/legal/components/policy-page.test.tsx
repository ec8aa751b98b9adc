import { screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { ABOUT_DESCRIPTION } from '../data/about'
import { accessibilityStatement } from '../data/accessibility'
import { cancellationPolicy } from '../data/cancellation'
import { cookiePolicy } from '../data/cookies'
import { GRIEVANCE_OFFICER, privacyPolicy } from '../data/privacy'
import { termsOfUse } from '../data/terms'
import type { PolicyDocument } from '../data/types'
import { AccessibilityPage, CancellationPage, CookiesPage, PrivacyPage, TermsPage } from './legal-pages'

const PAGES: [string, ReactElement, PolicyDocument][] = [
  ['/privacy', <PrivacyPage />, privacyPolicy],
  ['/terms', <TermsPage />, termsOfUse],
  ['/cancellation', <CancellationPage />, cancellationPolicy],
  ['/cookies', <CookiesPage />, cookiePolicy],
  ['/accessibility', <AccessibilityPage />, accessibilityStatement],
]

// The site's routes these pages may link to.
const ROUTES = [
  '/privacy',
  '/terms',
  '/cancellation',
  '/cookies',
  '/accessibility',
  '/contact',
  '/account/trips',
  '/account/profile',
]
const KNOWN_ROUTES = new Set([...ROUTES, '/account/co-travellers'])

function renderPage(path: string, element: ReactElement) {
  return renderRoutes({
    routes: [{ path, element }, ...ROUTES.filter((p) => p !== path).map((p) => ({ path: p, element: <p>{p}</p> }))],
    initialEntries: [path],
  })
}

describe('the policy pages', () => {
  it.each(PAGES)('%s has one h1, its own meta description and the revision date', (path, element, doc) => {
    renderPage(path, element)
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([doc.title])
    expect(document.title).toBe(`${doc.title} · Paryatan`)
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(doc.description)
    const updated = screen.getByText('1 November 2026')
    expect(updated.tagName).toBe('TIME')
    expect(updated).toHaveAttribute('datetime', '2026-11-01')
    expect(updated.parentElement).toHaveTextContent('Last updated: 1 November 2026')
  })

  it.each(PAGES)('%s lists its sections on the page, in order, each linked to its h2', (path, element, doc) => {
    renderPage(path, element)
    const toc = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(toc).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(doc.sections.map((s) => s.heading))
    expect(links.map((a) => a.getAttribute('href'))).toEqual(doc.sections.map((s) => `#${s.id}`))

    const h2s = screen.getAllByRole('heading', { level: 2 })
    expect(h2s.map((h) => h.textContent)).toEqual(doc.sections.map((s) => s.heading))
    expect(h2s.map((h) => h.id)).toEqual(doc.sections.map((s) => s.id))
    for (const section of doc.sections) {
      expect(screen.getByRole('region', { name: section.heading })).toContainElement(
        document.getElementById(section.id),
      )
    }
  })

  it.each(PAGES)('%s links only to pages the site has, and opens other websites in a new tab', (path, element) => {
    renderPage(path, element)
    for (const link of screen.getAllByRole('link')) {
      const href = link.getAttribute('href') ?? ''
      if (href.startsWith('/')) expect(KNOWN_ROUTES).toContain(href)
      else if (/^https?:/.test(href)) {
        expect(link).toHaveAttribute('target', '_blank')
        expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      } else expect(href).toMatch(/^(#|mailto:|tel:)/)
    }
  })

  it('each page, About included, has a description of its own', () => {
    const descriptions = [...PAGES.map(([, , doc]) => doc.description), ABOUT_DESCRIPTION]
    expect(new Set(descriptions).size).toBe(descriptions.length)
  })
})

describe('the accessibility statement', () => {
  it('names the standard, how it is tested, and how to report a problem', () => {
    renderPage('/accessibility', <AccessibilityPage />)
    expect(screen.getByRole('region', { name: 'The standard we follow' })).toHaveTextContent('WCAG) 2.2 at level AA')
    expect(screen.getByRole('region', { name: 'How we test' })).toHaveTextContent('axe-core')
    const feedback = screen.getByRole('region', { name: 'Tell us what gets in your way' })
    expect(within(feedback).getByRole('link', { name: 'care@paryatan.in' })).toHaveAttribute(
      'href',
      'mailto:care@paryatan.in?subject=Accessibility',
    )
    expect(within(feedback).getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact')
  })
})

describe('the privacy policy', () => {
  it('names the DPDP Act, the rights it gives and the Grievance Officer with a mailto link', () => {
    renderPage('/privacy', <PrivacyPage />)
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights under the DPDP Act' })).toBeInTheDocument()
    expect(screen.getAllByText(/Digital Personal Data Protection Act, 2023/).length).toBeGreaterThan(0)
    const officer = screen.getByRole('region', { name: 'Grievance Officer' })
    expect(officer).toHaveTextContent(GRIEVANCE_OFFICER.name)
    expect(officer).toHaveTextContent(/within 48 hours/)
    expect(officer).toHaveTextContent(/within 30 days/)
    expect(within(officer).getByRole('link', { name: 'grievance@paryatan.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@paryatan.in',
    )
    expect(screen.getByRole('region', { name: 'Your rights under the DPDP Act' })).toHaveTextContent(
      /Data Protection Board of India/,
    )
  })

  it('says how long each kind of data is kept', () => {
    renderPage('/privacy', <PrivacyPage />)
    const retention = screen.getByRole('region', { name: 'How long we keep it' })
    for (const period of [/8 years/, /2 years/, /30 days without use/, /90 days/, /Server logs: 30 days/]) {
      expect(retention).toHaveTextContent(period)
    }
  })
})

describe('the cookie policy', () => {
  it('lists both cookies in a captioned table inside a scrollable, focusable region', () => {
    renderPage('/cookies', <CookiesPage />)
    const table = screen.getByRole('table', { name: 'Cookies and browser storage on Paryatan' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Purpose', 'Lifetime', 'Type'])
    const names = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent)
    expect(names).toEqual(expect.arrayContaining(['paryatan_session', 'paryatan_oauth']))
    expect(table).toHaveTextContent('__Host-paryatan_session')

    const region = screen.getByRole('region', { name: 'Cookies and browser storage on Paryatan' })
    expect(region).toContainElement(table)
    expect(region).toHaveAttribute('tabindex', '0')
  })

  it('links to OpenStreetMap’s privacy policy in a new tab', () => {
    renderPage('/cookies', <CookiesPage />)
    const osm = screen.getByRole('link', { name: /OpenStreetMap Foundation privacy policy/ })
    expect(osm).toHaveAttribute('target', '_blank')
    expect(osm).toHaveAccessibleName('OpenStreetMap Foundation privacy policy (opens in a new tab)')
  })
})

describe('the terms and the cancellation policy', () => {
  it('the terms point to the cancellation policy and set the law and courts', () => {
    renderPage('/terms', <TermsPage />)
    expect(screen.getByRole('link', { name: 'cancellation and refund policy' })).toHaveAttribute(
      'href',
      '/cancellation',
    )
    expect(screen.getByRole('region', { name: 'Governing law and disputes' })).toHaveTextContent(
      /courts at Gurugram, Haryana/,
    )
  })

  it('the cancellation policy says where to cancel, how long refunds take and the typical package scale', () => {
    renderPage('/cancellation', <CancellationPage />)
    expect(screen.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/account/trips')
    expect(screen.getByRole('region', { name: 'When you get your money back' })).toHaveTextContent(/5–7 working days/)
    const packages = screen.getByRole('region', { name: 'Holidays, cruises and MICE' })
    expect(
      within(packages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toHaveLength(4)
    expect(packages).toHaveTextContent(/typical/)
    expect(screen.getByRole('region', { name: 'Government of India rules for flights' })).toHaveTextContent(
      /Where the airline follows DGCA’s look-in option/,
    )
  })
})

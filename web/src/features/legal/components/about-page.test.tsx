import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { ABOUT_DESCRIPTION } from '../data/about'
import { AboutPage } from './about-page'

function renderAbout() {
  return renderRoutes({ routes: [{ path: '/about', element: <AboutPage /> }], initialEntries: ['/about'] })
}

describe('the about page', () => {
  it('has one h1, its meta description and its sections in order', () => {
    renderAbout()
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['About us'])
    expect(document.title).toBe('About us · Paryatan')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(ABOUT_DESCRIPTION)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Who we are',
      'What we do',
      'How we work',
      'Our offices',
      'Careers',
      'Get in touch',
    ])
  })

  it('links to each product page', () => {
    renderAbout()
    const products = screen.getByRole('region', { name: 'What we do' })
    const links = within(products)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Search flights', '/flights'],
      ['Apply for a visa', '/go/visa'],
      ['Browse holidays', '/holidays'],
      ['Explore cruises', '/cruises'],
      ['Plan a company event', '/mice'],
      ['Talk to a concierge', '/go/concierge'],
    ])
  })

  it('explains how we work, with the privacy policy, and links to careers and contact', () => {
    renderAbout()
    const values = screen.getByRole('region', { name: 'How we work' })
    expect(
      within(values)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Exact prices', 'People you can reach', 'Your data, kept to what is needed'])
    expect(within(values).getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy')
    expect(screen.getByRole('link', { name: 'Careers at Paryatan' })).toHaveAttribute('href', '/careers')
    expect(screen.getByRole('link', { name: 'All the ways to contact us' })).toHaveAttribute('href', '/contact')
  })

  it('shows both offices with their addresses and phone numbers', () => {
    renderAbout()
    const offices = screen.getByRole('region', { name: 'Our offices' })
    expect(within(offices).getAllByRole('heading', { level: 3 })).toHaveLength(2)
    expect(offices).toHaveTextContent(/DLF Cyber City, Sector 25A/)
    expect(offices).toHaveTextContent(/Bandra Kurla Complex/)
    expect(within(offices).getByRole('link', { name: /Call .* on \+91 124 400 5500/ })).toHaveAttribute(
      'href',
      'tel:+911244005500',
    )
  })
})

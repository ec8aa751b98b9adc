import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { testEnquiry } from '@/features/enquiries/testing/enquiries'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { renderRoutes, testUser } from '@/testing/test-utils'
import { routes } from '../router'

function signedIn() {
  server.use(api.me(() => HttpResponse.json({ user: testUser() })))
}

describe('My Enquiries', () => {
  it('lists the enquiries as the API orders them (newest first), with reference, what, summary, date and team', async () => {
    signedIn()
    server.use(
      api.myEnquiries(() =>
        HttpResponse.json({
          items: [
            testEnquiry({
              reference: 'PY-NEWER2',
              kind: 'concierge',
              team: 'holidays',
              summary: 'Cruise: Alaska',
              createdAt: '2026-11-23T13:11:00Z',
            }),
            testEnquiry({
              reference: 'PY-OLDER1',
              kind: 'contact',
              team: 'support',
              summary: 'Visa: Do I need…',
              createdAt: '2026-11-20T04:30:00Z',
            }),
          ],
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: ['/account/enquiries'] })
    expect(await screen.findByRole('heading', { level: 1, name: 'My Enquiries' })).toBeVisible()
    const rows = await screen.findAllByTestId('enquiry')
    expect(rows.map((r) => within(r).getByTestId('enquiry-ref').textContent)).toEqual(['PY-NEWER2', 'PY-OLDER1'])
    expect(rows[0]).toHaveTextContent('Concierge request')
    expect(rows[0]).toHaveTextContent('Cruise: Alaska')
    expect(rows[0]).toHaveTextContent('23 Nov 2026, 6:41 pm IST · Holidays team')
    expect(rows[0]).toHaveTextContent('Holidays team')
    expect(rows[1]).toHaveTextContent('Message')
    expect(rows[1]).toHaveTextContent('20 Nov 2026, 10:00 am IST · Support team')
    const nav = screen.getByRole('navigation', { name: 'Account' })
    expect(within(nav).getByRole('link', { name: 'My Enquiries' })).toHaveAttribute('aria-current', 'page')
  })

  it('says there are none yet and links to the three forms', async () => {
    signedIn()
    server.use(api.myEnquiries(() => HttpResponse.json({ items: [] })))
    renderRoutes({ routes, initialEntries: ['/account/enquiries'] })
    const empty = await screen.findByTestId('enquiries-empty')
    expect(empty).toHaveTextContent('No enquiries yet.')
    expect(within(empty).getByRole('link', { name: 'Plan a trip with a concierge' })).toHaveAttribute(
      'href',
      '/go/concierge',
    )
    expect(within(empty).getByRole('link', { name: 'Request a MICE proposal' })).toHaveAttribute('href', '/mice')
    expect(within(empty).getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact')
  })
})

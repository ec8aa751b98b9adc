import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { acceptEnquiries, refuseField, unreachable } from '@/features/enquiries/testing/enquiries'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes, testUser } from '@/testing/test-utils'
import { routes } from '../router'

const user = testUser({ fullName: 'Asha Rao', email: 'asha@example.in' })

async function openConcierge(query = '') {
  const utils = renderRoutes({ routes, initialEntries: [`/go/concierge${query}`] })
  await screen.findByRole('heading', { level: 1, name: 'Plan your trip with a Paryatan concierge' })
  return utils
}

const input = (label: string) => screen.getByRole(label === 'Event type' ? 'combobox' : 'textbox', { name: label })
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send to a concierge' }))
const main = () => within(screen.getByRole('main'))

describe('concierge page', () => {
  it('has the phone and WhatsApp links, the side panel with Support, and the tip', async () => {
    await openConcierge()
    expect(document.title).toBe('Concierge · Paryatan')
    expect(main().getByRole('link', { name: /Call us on/ })).toHaveAttribute('href', 'tel:+911244005500')
    expect(main().getByRole('link', { name: /WhatsApp \+91/ })).toHaveAttribute('href', 'https://wa.me/919810055500')
    expect(main().getByRole('link', { name: 'Go to Support' })).toHaveAttribute('href', '/support')
    expect(screen.getByText('Tip: book 6–10 weeks ahead for peak dates.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Luxury' })).toHaveAttribute('aria-pressed', 'true')
    for (const style of ['Beach', 'Wellness', 'Culture', 'Adventure', 'Budget']) {
      expect(screen.getByRole('button', { name: style })).toHaveAttribute('aria-pressed', 'false')
    }
    expect(screen.getByTestId('concierge-source')).toHaveTextContent('Direct')
  })

  it('fills name and e-mail from the signed-in account', async () => {
    server.use(api.me(() => HttpResponse.json({ user })))
    await openConcierge()
    await waitFor(() => expect(input('Name')).toHaveValue('Asha Rao'))
    expect(input('Email')).toHaveValue('asha@example.in')
  })

  it('opens sign-in for a visitor who gives no e-mail, and sends nothing', async () => {
    const calls = recordCalls()
    await openConcierge()
    await userEvent.type(input('Name'), 'Asha')
    await submit()
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Mobile Number')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/v1/enquiries')).toHaveLength(0)
  })

  it("says 'Please add your name so we can respond.' without a name", async () => {
    const calls = recordCalls()
    await openConcierge()
    await userEvent.type(input('Email'), 'asha@example.in')
    await submit()
    expect(await screen.findByText('Please add your name so we can respond.')).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.filter((c) => c.path === '/api/v1/enquiries')).toHaveLength(0)
  })

  it('notes the blog post a traveller came from and sends it as the source', async () => {
    const accepted = acceptEnquiries('PY-2B3C4D')
    server.use(accepted.handler)
    await openConcierge('?from=first-cruise-from-india')
    expect(input('Notes')).toHaveValue('Found via blog: first-cruise-from-india')
    expect(screen.getByTestId('concierge-source')).toHaveTextContent('blog · first-cruise-from-india')
    await userEvent.type(input('Name'), 'Asha')
    await userEvent.type(input('Email'), 'asha@example.in')
    await userEvent.click(screen.getByRole('button', { name: 'Beach' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'My dates are flexible' }))
    await submit()
    expect(await screen.findByTestId('enquiry-reference')).toHaveTextContent('PY-2B3C4D')
    expect(screen.getByText('Thanks! Our holidays concierge will get back to you shortly.')).toBeVisible()
    expect(accepted.sent[0]).toMatchObject({
      kind: 'concierge',
      name: 'Asha',
      email: 'asha@example.in',
      styles: ['luxury', 'beach'],
      flexible: true,
      notes: 'Found via blog: first-cruise-from-india',
      source: 'first-cruise-from-india',
    })
    expect(accepted.sent[0]?.cruise).toBeUndefined()
  })

  it('prefills the destination and a line naming the home page card', async () => {
    await openConcierge('?from=home&topic=holidays&card=Kerala%20Backwaters')
    expect(input('Destinations')).toHaveValue('Kerala Backwaters')
    expect(input('Notes')).toHaveValue('Interested in the holiday: Kerala Backwaters')
    expect(screen.getByTestId('concierge-source')).toHaveTextContent('home')
  })

  it('shows the cruise hand-off as an editable summary and sends it as the cruise', async () => {
    server.use(api.me(() => HttpResponse.json({ user })))
    const accepted = acceptEnquiries()
    server.use(accepted.handler)
    await openConcierge('?from=cruises&to=Alaska&port=Seattle&duration=8–10%20nights&pax=2%20adults')
    const summary = screen.getByTestId('cruise-summary')
    expect(summary).toHaveTextContent('Alaska · from Seattle · 8–10 nights · 2 adults')
    await userEvent.clear(input('Departure port'))
    await userEvent.type(input('Departure port'), 'Vancouver')
    expect(summary).toHaveTextContent('Alaska · from Vancouver · 8–10 nights · 2 adults')
    await waitFor(() => expect(input('Email')).toHaveValue('asha@example.in'))
    await submit()
    await screen.findByTestId('enquiry-reference')
    expect(accepted.sent[0]).toMatchObject({
      source: 'cruises',
      styles: ['luxury'],
      cruise: { destination: 'Alaska', port: 'Vancouver', duration: '8–10 nights', travellers: '2 adults' },
    })
  })

  it('shows the API’s message on the field it names, also inside the cruise', async () => {
    server.use(refuseField('cruise.port', 'Departure port must be at most 100 characters.'))
    await openConcierge('?from=cruises&to=Alaska')
    await userEvent.type(input('Name'), 'Asha')
    await userEvent.type(input('Email'), 'asha@example.in')
    await submit()
    expect(await screen.findByText('Departure port must be at most 100 characters.')).toBeVisible()
    expect(input('Departure port')).toHaveAttribute('aria-invalid', 'true')
  })

  it('keeps the e-mail link to the holidays team when the site is unreachable', async () => {
    server.use(unreachable())
    await openConcierge('?from=cruises&to=Alaska')
    await userEvent.type(input('Name'), 'Asha')
    await userEvent.type(input('Email'), 'asha@example.in')
    await submit()
    const link = await screen.findByRole('link', { name: 'Send by e-mail instead' })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.protocol + href.pathname).toBe('mailto:holidays@paryatan.in')
    expect(href.searchParams.get('subject')).toBe('Concierge request from Asha')
    expect(href.searchParams.get('body')).toContain('Cruise: Alaska')
    expect(href.searchParams.get('body')).toContain('Found via: cruises')
  })
})

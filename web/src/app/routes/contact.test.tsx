import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { acceptEnquiries, rateLimited, refuseField, unreachable } from '@/features/enquiries/testing/enquiries'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderRoutes, testUser } from '@/testing/test-utils'
import { routes } from '../router'

const user = testUser({ fullName: 'Asha Rao', email: 'asha@example.in' })
const signedIn = () => server.use(api.me(() => HttpResponse.json({ user })))

async function openContact() {
  const utils = renderRoutes({ routes, initialEntries: ['/contact'] })
  await screen.findByRole('heading', { level: 1, name: 'Contact us' })
  return utils
}

const send = () => screen.getByRole('button', { name: /^(Send|Sent|Sending…)$/ })
const main = () => within(screen.getByRole('main'))
const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, textarea, select' })

async function fillMessage(values: { name?: string; email?: string; message?: string }) {
  for (const [label, value] of [
    ['Name', values.name],
    ['Email', values.email],
    ['Message', values.message],
  ] as const) {
    if (value === undefined) continue
    await userEvent.clear(field(label))
    if (value) await userEvent.type(field(label), value)
  }
}

describe('contact page', () => {
  it('shows the ways to reach us, the hours, the travelling note, the tip and the links', async () => {
    await openContact()
    expect(document.title).toBe('Contact us · Paryatan')
    expect(screen.getAllByText(/Mon–Sat 9:00 AM–8:00 PM IST/).length).toBeGreaterThan(0)
    expect(
      screen.getByText('Already travelling? For 24x7 help, call the hotline number printed on your voucher.'),
    ).toBeVisible()
    expect(screen.getByText('Tip: book 6–10 weeks ahead for peak dates.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'View ticket status' })).toHaveAttribute('href', '/support')
    expect(screen.getByRole('link', { name: 'Talk to a concierge' })).toHaveAttribute(
      'href',
      '/go/concierge?from=contact',
    )
    expect(main().getByRole('link', { name: /Call us on/ })).toHaveAttribute('href', 'tel:+911244005500')
    expect(main().getByRole('link', { name: /WhatsApp \(opens in a new tab\)/ })).toHaveAttribute(
      'href',
      'https://wa.me/919810055500',
    )
    expect(main().getByRole('link', { name: /E-mail us at/ })).toHaveAttribute('href', 'mailto:care@paryatan.in')
    expect(screen.getByRole('heading', { name: 'Gurgaon HQ' })).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Mumbai' })).toBeVisible()
    const topics = within(field('Topic'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(topics).toEqual(['General', 'Holidays', 'MICE', 'Flights', 'Hotels', 'Cruises', 'Visa'])
  })

  it('embeds no map until the visitor asks, then one per office', async () => {
    await openContact()
    expect(document.querySelector('iframe')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show map of Gurgaon HQ' }))
    const map = screen.getByTitle('Map of Paryatan Gurgaon HQ')
    expect(map.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/)
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Show map of Mumbai' })).toBeVisible()
    expect(screen.getByRole('link', { name: /Open in OpenStreetMap: Gurgaon HQ/ })).toHaveAttribute('target', '_blank')
  })

  it('keeps Send disabled until name, e-mail and message hold more than spaces', async () => {
    await openContact()
    expect(send()).toBeDisabled()
    await fillMessage({ name: 'Asha', email: 'asha@example.in', message: '   ' })
    expect(send()).toBeDisabled()
    await fillMessage({ message: 'Hello' })
    expect(send()).toBeEnabled()
    await fillMessage({ name: '  ' })
    expect(send()).toBeDisabled()
  })

  it('asks a visitor to sign in (mobile step) when they send, and sends nothing', async () => {
    const calls = recordCalls()
    await openContact()
    await fillMessage({ name: 'Asha', email: 'asha@example.in', message: 'Hello' })
    await userEvent.click(send())
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Mobile Number')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/v1/enquiries')).toHaveLength(0)
  })

  it("fills and locks a signed-in traveller's e-mail, sends, shows the reference, then stays disabled", async () => {
    signedIn()
    const reply = deferred<void>()
    const accepted = acceptEnquiries('PY-4M8RXZ', reply.promise)
    server.use(accepted.handler)
    await openContact()
    await waitFor(() => expect(field('Email')).toHaveValue('asha@example.in'))
    expect(field('Email')).toHaveAttribute('readonly')
    expect(field('Name')).toHaveValue('Asha Rao')
    await userEvent.selectOptions(field('Topic'), 'Visa')
    await fillMessage({ message: '  Do I need a transit visa in Doha?  ' })
    await userEvent.click(send())
    await waitFor(() => expect(send()).toBeDisabled())
    reply.resolve()
    expect(await screen.findByTestId('enquiry-reference')).toHaveTextContent('PY-4M8RXZ')
    expect(screen.getByText(/acknowledgement with your reference to asha@example.in/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'My Enquiries' })).toHaveAttribute('href', '/account/enquiries')
    expect(send()).toBeDisabled()
    expect(send()).toHaveTextContent('Sent')
    expect(accepted.sent).toEqual([
      {
        kind: 'contact',
        topic: 'Visa',
        name: 'Asha Rao',
        email: 'asha@example.in',
        message: 'Do I need a transit visa in Doha?',
      },
    ])
  })

  it('offers the e-mail link to the topic’s mailbox when the site cannot be reached', async () => {
    signedIn()
    server.use(unreachable())
    await openContact()
    await waitFor(() => expect(field('Email')).toHaveValue('asha@example.in'))
    await userEvent.selectOptions(field('Topic'), 'Holidays')
    await fillMessage({ message: 'Hello there' })
    await userEvent.click(send())
    const link = await screen.findByRole('link', { name: 'Send by e-mail instead' })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.protocol + href.pathname).toBe('mailto:holidays@paryatan.in')
    expect(href.searchParams.get('subject')).toBe('Holidays: message from Asha Rao')
    expect(href.searchParams.get('body')).toContain('Message: Hello there')
    expect(send()).toBeEnabled()
  })

  it('says when to try again after too many enquiries', async () => {
    signedIn()
    server.use(rateLimited('1800'))
    await openContact()
    await waitFor(() => expect(field('Email')).toHaveValue('asha@example.in'))
    await fillMessage({ message: 'Hello' })
    await userEvent.click(send())
    const notice = await screen.findByTestId('enquiry-rate-limited')
    expect(notice).toHaveTextContent('Too many enquiries from here in the last hour.')
    expect(notice).toHaveTextContent(/Please try again after \d{1,2}:\d{2} [ap]m IST \(in about 30 minutes\)\./)
  })

  it('shows the API’s message under the field it names', async () => {
    signedIn()
    server.use(refuseField('message', 'Please write your message.'))
    await openContact()
    await waitFor(() => expect(field('Email')).toHaveValue('asha@example.in'))
    await fillMessage({ message: 'x' })
    await userEvent.click(send())
    expect(await screen.findByText('Please write your message.')).toBeVisible()
    expect(field('Message')).toHaveAttribute('aria-invalid', 'true')
  })
})

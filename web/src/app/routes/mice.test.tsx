import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { acceptEnquiries, refuseField, unreachable } from '@/features/enquiries/testing/enquiries'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes, testUser } from '@/testing/test-utils'
import { routes } from '../router'

async function openMice() {
  renderRoutes({ routes, initialEntries: ['/mice'] })
  return screen.findByRole('heading', { level: 1 })
}

const input = (label: string) => screen.getByRole(label === 'Event type' ? 'combobox' : 'textbox', { name: label })
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send request' }))

async function fillRequired() {
  await userEvent.type(input('Full Name'), 'Asha Rao')
  await userEvent.type(input('Company'), 'Acme Pharma')
  await userEvent.type(input('Email'), 'asha@acme.in')
  await userEvent.type(input('Phone'), '+91 98100 01234')
}

describe('MICE page', () => {
  it('starts on Meetings; each pill changes the one h1, never the document title, and the form’s event type', async () => {
    const h1 = await openMice()
    expect(h1).toHaveTextContent('Corporate meetings and offsites, handled end to end')
    expect(document.title).toBe('MICE · Paryatan')
    expect(screen.getByRole('button', { name: 'Meetings' })).toHaveAttribute('aria-pressed', 'true')
    expect(input('Event type')).toHaveValue('Meetings')
    const headings: Record<string, string> = {
      Incentives: 'Incentive trips your top performers will talk about',
      Conferences: 'Conferences and summits from 50 to 5,000 delegates',
      Exhibitions: 'Exhibitions and trade shows in India and abroad',
    }
    for (const [pill, heading] of Object.entries(headings)) {
      await userEvent.click(screen.getByRole('button', { name: pill }))
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading)
      expect(screen.getByRole('button', { name: pill })).toHaveAttribute('aria-pressed', 'true')
      expect(screen.getByRole('button', { name: 'Meetings' })).toHaveAttribute('aria-pressed', 'false')
      expect(input('Event type')).toHaveValue(pill)
      expect(document.title).toBe('MICE · Paryatan')
    }
  })

  it('shows the KPIs, the sections and the calls to action', async () => {
    await openMice()
    for (const kpi of ['300+', '65+', '4.8/5', '24x7']) expect(screen.getByTestId('mice-kpis')).toHaveTextContent(kpi)
    for (const h of [
      'What we take care of',
      'Event Management',
      'Why companies choose Paryatan',
      'How it works, in six steps',
      'What our clients say',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: h })).toBeVisible()
    }
    expect(screen.getByTestId('mice-process').querySelectorAll('li')).toHaveLength(6)
    expect(screen.getAllByRole('figure')).toHaveLength(2)
    expect(within(screen.getByTestId('mice-logos')).getAllByRole('listitem').length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/contact')
    expect(screen.getByRole('link', { name: 'Talk to a concierge' })).toHaveAttribute('href', '/concierge?from=mice')
    expect(screen.getByRole('link', { name: 'Message our team' })).toHaveAttribute('href', '/contact')
  })

  it('needs Full Name, Company, a valid Email and Phone before sending anything', async () => {
    const calls = recordCalls()
    await openMice()
    await submit()
    for (const m of [
      'Please enter your full name.',
      'Please enter your company.',
      'Please enter a valid e-mail address.',
      'Please enter a phone number.',
    ]) {
      expect(await screen.findByText(m)).toBeVisible()
    }
    await userEvent.type(input('Email'), 'asha@')
    await submit()
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeVisible()
    expect(calls.filter((c) => c.path === '/api/v1/enquiries')).toHaveLength(0)
  })

  it('sends the request and thanks with the reference; a signed-in traveller is prefilled', async () => {
    server.use(api.me(() => HttpResponse.json({ user: testUser({ fullName: 'Asha Rao', email: 'asha@acme.in' }) })))
    const accepted = acceptEnquiries('PY-9QWERT')
    server.use(accepted.handler)
    await openMice()
    await waitFor(() => expect(input('Full Name')).toHaveValue('Asha Rao'))
    expect(input('Email')).toHaveValue('asha@acme.in')
    await userEvent.click(screen.getByRole('button', { name: 'Incentives' }))
    await userEvent.type(input('Company'), 'Acme Pharma')
    await userEvent.type(input('Phone'), '9810001234')
    await userEvent.type(input('Group size'), '60')
    await submit()
    expect(await screen.findByText('Thanks! Our MICE team will contact you shortly.')).toBeVisible()
    expect(screen.getByTestId('enquiry-reference')).toHaveTextContent('PY-9QWERT')
    expect(screen.getByTestId('enquiry-sent')).toHaveTextContent('Our MICE team replies Mon–Sat 9:00 AM–8:00 PM IST')
    expect(accepted.sent[0]).toMatchObject({
      kind: 'proposal',
      name: 'Asha Rao',
      company: 'Acme Pharma',
      email: 'asha@acme.in',
      phone: '9810001234',
      eventType: 'Incentives',
      groupSize: '60',
    })
  })

  it('shows the API’s message under the field it names', async () => {
    server.use(refuseField('phone', 'Please enter a valid phone number.'))
    await openMice()
    await fillRequired()
    await submit()
    expect(await screen.findByText('Please enter a valid phone number.')).toBeVisible()
    expect(input('Phone')).toHaveAttribute('aria-invalid', 'true')
  })

  it('offers the e-mail to mice@ when the site is unreachable', async () => {
    server.use(unreachable())
    await openMice()
    await fillRequired()
    await submit()
    const link = await screen.findByRole('link', { name: 'Send by e-mail instead' })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.protocol + href.pathname).toBe('mailto:mice@paryatan.in')
    expect(href.searchParams.get('subject')).toBe('MICE proposal request from Asha Rao')
    expect(href.searchParams.get('body')).toContain('Company: Acme Pharma')
  })
})

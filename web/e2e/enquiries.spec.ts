import type { APIRequestContext, Page } from '@playwright/test'
import { createAccount, expect, expectApiServer, expectPath, test } from './fixtures'

// The journeys sign up, send and read the outbox: more than the default half minute on a busy machine.
test.describe.configure({ timeout: 90_000 })

const REFERENCE = /PY-[A-HJ-NP-Z2-9]{6}/

interface Enquiry {
  reference: string
  kind: string
  team: string
  summary: string
}

async function myEnquiries(request: APIRequestContext): Promise<Enquiry[]> {
  const res = await request.get('/api/v1/me/enquiries')
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { items: Enquiry[] }).items
}

/** The reference the page shows once the enquiry is stored. */
async function shownReference(page: Page): Promise<string> {
  const ref = page.getByTestId('enquiry-reference')
  await expect(ref).toHaveText(REFERENCE, { timeout: 15_000 })
  return (await ref.textContent()) ?? ''
}

/** The enquiry is listed under My Enquiries, and the acknowledgement waits in the outbox (/dev/mail). */
async function expectListedAndAcknowledged(page: Page, reference: string, email: string, what: string) {
  await page.goto('/account/enquiries')
  await expect(page.getByRole('heading', { level: 1, name: 'My Enquiries' })).toBeVisible()
  await expect(page.getByTestId('enquiry').filter({ hasText: reference })).toBeVisible()
  await page.goto('/dev/mail')
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row.getByRole('link', { name: `We have your ${what} (${reference})` })).toBeVisible()
}

test('MICE: the pills change the heading, and a proposal request is stored with its reference', async ({ page }) => {
  await expectApiServer(page.request)
  const account = await createAccount(page.request, 'mice', 'Kavya Nair')
  await page.goto('/mice')
  const h1 = page.getByRole('heading', { level: 1 })
  await expect(h1).toHaveText('Corporate meetings and offsites, handled end to end')
  await expect(page).toHaveTitle('MICE · Paryatan')
  const pills = page.getByRole('group', { name: 'Event type' })
  await expect(pills.getByRole('button', { name: 'Meetings' })).toHaveAttribute('aria-pressed', 'true')
  await pills.getByRole('button', { name: 'Conferences' }).click()
  await expect(h1).toHaveText('Conferences and summits from 50 to 5,000 delegates')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page).toHaveTitle('MICE · Paryatan')
  for (const kpi of ['300+', '65+', '4.8/5', '24x7']) await expect(page.getByTestId('mice-kpis')).toContainText(kpi)
  await expect(page.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/contact')
  await expect(page.getByRole('link', { name: 'Talk to a concierge' })).toHaveAttribute('href', '/concierge?from=mice')

  const form = page.getByRole('form', { name: 'Request a Proposal' })
  await expect(form.getByLabel('Full Name')).toHaveValue('Kavya Nair')
  await expect(form.getByLabel('Email')).toHaveValue(account.email)
  await expect(form.getByLabel('Event type')).toHaveValue('Conferences')
  await form.getByRole('button', { name: 'Send request' }).click()
  await expect(form.getByText('Please enter your company.')).toBeVisible()
  await form.getByLabel('Company').fill('Acme Pharma')
  await form.getByLabel('Phone').fill('+91 98100 01234')
  await form.getByLabel('Group size').fill('120')
  await form.getByLabel('Destination').fill('Goa')
  await form.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByText('Thanks! Our MICE team will contact you shortly.')).toBeVisible()
  const reference = await shownReference(page)
  await expect(page.getByTestId('enquiry-sent')).toContainText('Mon–Sat 9:00 AM–8:00 PM IST')

  const listed = await myEnquiries(page.request)
  expect(listed[0]).toMatchObject({ reference, kind: 'proposal', team: 'mice', summary: 'Conferences for Acme Pharma' })
  await expectListedAndAcknowledged(page, reference, account.email, 'MICE proposal request')
})

test('concierge: the cruise hand-off is shown, edited and sent as the request’s cruise', async ({ page }) => {
  await expectApiServer(page.request)
  const account = await createAccount(page.request, 'cruise', 'Rohan Mehta')
  await page.goto('/go/concierge?from=cruises&to=Alaska&port=Seattle&duration=8–10 nights&pax=2 adults')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Tip: book 6–10 weeks ahead for peak dates.')).toBeVisible()
  await expect(page.getByRole('link', { name: /WhatsApp \+91/ }).first()).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  )
  await expect(page.getByRole('link', { name: /Call us on/ }).first()).toHaveAttribute('href', /^tel:\+\d+$/)
  const summary = page.getByTestId('cruise-summary')
  await expect(summary).toHaveText('Alaska · from Seattle · 8–10 nights · 2 adults')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Rohan Mehta')
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email)
  await expect(page.getByRole('button', { name: 'Luxury' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('textbox', { name: 'Departure port', exact: true }).fill('Vancouver')
  await expect(summary).toHaveText('Alaska · from Vancouver · 8–10 nights · 2 adults')
  await page.getByRole('button', { name: 'Wellness' }).click()
  await page.getByRole('button', { name: 'Send to a concierge' }).click()
  const reference = await shownReference(page)

  const listed = await myEnquiries(page.request)
  expect(listed[0]).toMatchObject({ reference, kind: 'concierge', team: 'holidays', summary: 'Cruise: Alaska' })
  await expectListedAndAcknowledged(page, reference, account.email, 'concierge request')
})

test('concierge: a visitor without an e-mail is asked to sign in; a blog post is named in the notes', async ({
  page,
}) => {
  await expectApiServer(page.request)
  await page.goto('/go/concierge?from=monsoon-in-kerala')
  await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue(
    'Found via blog: monsoon-in-kerala',
  )
  await page.getByRole('button', { name: 'Send to a concierge' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('visitor@example.in')
  await page.getByRole('button', { name: 'Send to a concierge' }).click()
  await expect(page.getByText('Please add your name so we can respond.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Neha Gupta')
  await page.getByRole('button', { name: 'Send to a concierge' }).click()
  await shownReference(page)
})

test('contact: sending needs sign-in, which returns here with the e-mail locked; the message is stored', async ({
  page,
  request,
}) => {
  await expectApiServer(page.request)
  const account = await createAccount(request, 'contact', 'Arjun Singh')
  await page.goto('/contact')
  await expect(page.getByText('Mon–Sat 9:00 AM–8:00 PM IST').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'View ticket status' })).toHaveAttribute('href', '/support')
  await expect(page.getByRole('link', { name: 'Talk to a concierge' })).toHaveAttribute(
    'href',
    '/go/concierge?from=contact',
  )
  const send = page.getByRole('button', { name: 'Send', exact: true })
  await expect(send).toBeDisabled()
  await page.getByLabel('Topic').selectOption('Cruises')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Arjun Singh')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email)
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('   ')
  await expect(send).toBeDisabled()
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Is there a Singapore sailing in May?')
  await expect(send).toBeEnabled()
  await send.click()

  const dialog = page.getByRole('dialog')
  await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue with Email' }).click()
  await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email)
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expectPath(page, '/contact')

  const email = page.getByRole('textbox', { name: 'Email', exact: true })
  await expect(email).toHaveValue(account.email)
  await expect(email).toHaveAttribute('readonly', '')
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Is there a Singapore sailing in May?')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const reference = await shownReference(page)
  await expect(page.getByRole('button', { name: 'Sent', exact: true })).toBeDisabled()

  const listed = await myEnquiries(page.request)
  expect(listed[0]).toMatchObject({ reference, kind: 'contact', team: 'holidays' })
  expect(listed[0]?.summary).toBe('Cruises: Is there a Singapore sailing in May?')
  await expectListedAndAcknowledged(page, reference, account.email, 'message')
})

test('contact: the office maps ask nothing of OpenStreetMap until the visitor asks', async ({ page }) => {
  const asked: string[] = []
  // No network leaves the test machine: OpenStreetMap's embed is answered here, and counted.
  await page.route('https://www.openstreetmap.org/**', async (route) => {
    asked.push(route.request().url())
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title><p>map</p>' })
  })
  await page.goto('/contact')
  await expect(page.getByRole('heading', { name: 'Gurgaon HQ' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Mumbai' })).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(asked).toEqual([])

  await page.getByRole('button', { name: 'Show map of Gurgaon HQ' }).click()
  const map = page.locator('iframe[title="Map of Paryatan Gurgaon HQ"]')
  await expect(map).toBeVisible()
  await expect.poll(() => asked.length).toBe(1)
  expect(asked[0]).toContain('/export/embed.html?bbox=')
  await expect(map.contentFrame().getByText('map')).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(1)
  await page.getByRole('button', { name: 'Show map of Mumbai' }).click()
  await expect(page.locator('iframe[title="Map of Paryatan Mumbai"]')).toBeVisible()
  await expect(page.getByRole('link', { name: /Open in OpenStreetMap: Mumbai/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
  )
})

test('My Enquiries: a new traveller sees the empty state with links to the forms', async ({ page }) => {
  await expectApiServer(page.request)
  await createAccount(page.request, 'noenq')
  await page.goto('/account/enquiries')
  await expect(page.getByRole('heading', { level: 1, name: 'My Enquiries' })).toBeVisible()
  const empty = page.getByTestId('enquiries-empty')
  await expect(empty).toContainText('No enquiries yet.')
  await expect(empty.getByRole('link', { name: 'Request a MICE proposal' })).toHaveAttribute('href', '/mice')
  await expect(empty.getByRole('link', { name: 'Plan a trip with a concierge' })).toHaveAttribute(
    'href',
    '/go/concierge',
  )
  await expect(empty.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact')
})

test('the three pages fit a 360 px wide phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  for (const path of ['/mice', '/go/concierge?from=cruises&to=Norway and Iceland&port=Southampton', '/contact']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
})

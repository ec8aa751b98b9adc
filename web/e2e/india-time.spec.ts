import type { APIRequestContext, Page } from '@playwright/test'
import { bookOneAdult, createAccount, expect, expectApiServer, payByApi, test } from './fixtures'

// A traveller abroad, on a phone, looking at an Indian booking: every moment
// the API records is shown in India time and says so, not in the phone's zone.

const ZONE = 'America/New_York'

// Indian English short month names, as the app writes them.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** What the page must show for an instant: India's clock (UTC+05:30, no summer time), labelled. */
function indiaText(iso: string): string {
  const at = Date.parse(iso)
  expect(Number.isNaN(at), `an instant: ${iso}`).toBe(false)
  const india = new Date(at + 330 * 60_000)
  const hour = india.getUTCHours()
  const minute = String(india.getUTCMinutes()).padStart(2, '0')
  const day = `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}`
  return `${day}, ${hour % 12 || 12}:${minute} ${hour < 12 ? 'am' : 'pm'} IST`
}

/** How the phone itself would write the instant, in its own zone: what the page must not show. */
async function deviceText(page: Page, iso: string): Promise<string> {
  return page.evaluate((at) => new Date(at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }), iso)
}

interface Paid {
  id: string
  createdAt: string
  paidAt: string
}

/** Books a full-service BOM→DEL fare through the API, as the fare page would, and pays for it at the gateway. */
async function bookAndPay(request: APIRequestContext): Promise<Paid> {
  const booking = await bookOneAdult(request, 'india-time')
  await payByApi(request, booking._id)

  const res = await request.get(`/api/v1/me/bookings/${encodeURIComponent(booking._id)}`)
  expect(res.status(), await res.text()).toBe(200)
  const record = (await res.json()) as {
    booking: { createdAt: string }
    payments: { status: string; paidAt?: string }[]
  }
  const paidAt = record.payments.find((p) => p.status === 'paid')?.paidAt
  expect(paidAt, 'the payment is recorded as paid').toBeTruthy()
  return { id: booking._id, createdAt: record.booking.createdAt, paidAt: paidAt ?? '' }
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
}

test.describe('times in India time on a phone abroad', () => {
  test.use({
    timezoneId: ZONE,
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })

  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('a booking, its payment and a signed-in device show India time, labelled IST', async ({ page }) => {
    test.setTimeout(90_000)
    await createAccount(page.request, 'india-time')
    const paid = await bookAndPay(page.request)

    await page.goto(`/account/trips/${paid.id}`)
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(ZONE)
    const record = page.getByTestId('booking-record')
    const created = record.getByText('Created', { exact: true }).locator('xpath=following-sibling::*[1]')
    await expect(created).toHaveText(indiaText(paid.createdAt))
    await expect(record).not.toContainText(await deviceText(page, paid.createdAt))
    await expect(record.getByText('Last updated', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
      /^\d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m IST$/,
    )
    await expect(page.getByTestId('trip-payment').first()).toContainText(indiaText(paid.paidAt))
    await expectNoSidewaysScroll(page)

    await page.goto('/account/payments')
    const payment = page.getByTestId('payment')
    await expect(payment).toHaveCount(1)
    await expect(payment).toContainText(indiaText(paid.paidAt))
    await expect(payment).not.toContainText(await deviceText(page, paid.paidAt))
    await expectNoSidewaysScroll(page)

    const sessions = await page.request.get('/api/v1/me/sessions')
    expect(sessions.status(), await sessions.text()).toBe(200)
    const { items } = (await sessions.json()) as { items: { current: boolean; createdAt: string }[] }
    const here = items.find((s) => s.current)
    expect(here, 'this browser’s session').toBeDefined()
    await page.goto('/account/devices')
    const device = page.getByTestId('device').filter({ hasText: 'This device' })
    await expect(device).toContainText(`Signed in ${indiaText(here?.createdAt ?? '')} · Last active`)
    await expect(device).toContainText(/Last active \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [ap]m IST$/)
    await expect(device).not.toContainText(await deviceText(page, here?.createdAt ?? ''))
    await expectNoSidewaysScroll(page)
  })
})

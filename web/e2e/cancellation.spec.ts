import { devices, type APIRequestContext, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expectAccessible } from './axe'
import { openCheckout, payAtCheckout } from './checkout'
import {
  clearSimCancellations,
  createAccount,
  expect,
  expectApiServer,
  pickFare,
  searchFares,
  setSimCancellations,
  test,
  type Fare,
} from './fixtures'

// Cancelling one traveller of a ticketed booking on a phone, against the real
// API, the supplier simulator and the payment gateway's simulator: two adults
// booked on a refundable fare and paid by UPI at the gateway's checkout, the
// second traveller cancelled from My Trips after the charges are shown, the
// airline's cancellation followed on the page until it is done, and the
// gateway asked what it refunded.

const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7']
test.use({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent })

/**
 * A full-service fare the simulator lets cancel for a refund (IsRefundable:
 * every journey of it refundable, internal/supplier/sim results.go) that
 * asks for no passport. The dearest such fare, so that the refund left after
 * the airline's fee of a few thousand rupees per traveller is well above
 * nothing.
 */
function refundableFare(fares: Fare[]): Fare {
  const fitting = fares
    .filter((f) => !f.IsLCC && f.IsRefundable === true && !f.IsPassportRequiredAtBook && !f.IsPassportRequiredAtTicket)
    .sort((a, b) => Number(b.Fare.PublishedFare) - Number(a.Fare.PublishedFare))
  return pickFare(fitting, () => true)
}

const ADULTS = [
  { Title: 'Ms', FirstName: 'Ananya', LastName: 'Sharma', Gender: 2, DateOfBirth: '1990-03-14' },
  { Title: 'Mr', FirstName: 'Rohan', LastName: 'Sharma', Gender: 1, DateOfBirth: '1988-07-02' },
]

/** Books two adults on a refundable BOM → DEL fare through the API, as the fare page would: the booking's id. */
async function bookTwoAdults(request: APIRequestContext): Promise<string> {
  const { traceId, fares } = await searchFares(request, 'BOM', 'DEL', ADULTS.length)
  const fare = refundableFare(fares)
  const resultIndex = fare.ResultIndex
  const quote = await request.post('/api/v1/flights/tbo/fare-quote', { data: { traceId, resultIndex } })
  expect(quote.status(), await quote.text()).toBe(200)
  const book = await request.post('/api/v1/flights/tbo/book', {
    headers: { 'Idempotency-Key': `cancellation-book-${Date.now()}` },
    data: {
      traceId,
      resultIndex,
      isLCC: false,
      contact: { Email: 'ananya@example.in', Mobile: '9876543210' },
      address: { AddressLine1: '12 MG Road', City: 'Pune', CountryCode: 'IN' },
      passengers: ADULTS.map((a, i) => ({
        ...a,
        PaxType: 1,
        IsLeadPax: i === 0,
        ContactNo: '9876543210',
        Email: 'ananya@example.in',
      })),
    },
  })
  expect(book.status(), await book.text()).toBe(200)
  const booked = (await book.json()) as { booking: { _id: string; status: string } }
  expect(booked.booking.status).toBe('booked')
  return booked.booking._id
}

/** An amount as the page shows it ("₹5,120.50", "₹4,000") in paise. */
function paiseOf(shown: string): number {
  const m = /^₹([\d,]+)(?:\.(\d\d))?$/.exec(shown.trim())
  expect(m, `an amount in rupees: "${shown}"`).not.toBeNull()
  return Number((m?.[1] ?? '').replace(/,/g, '')) * 100 + Number(m?.[2] ?? '0')
}

interface GatewayOrder {
  order: { id: string }
  refunds: { id: string; amount: number; status: string }[]
}

/** Every refund the gateway's simulator made on the booking's orders. */
async function gatewayRefunds(request: APIRequestContext, gateway: string, bookingId: string) {
  const mine = await request.get(`/api/v1/me/bookings/${encodeURIComponent(bookingId)}`)
  expect(mine.status()).toBe(200)
  const { payments } = (await mine.json()) as { payments: { orderId: string }[] }
  const orderIds = new Set(payments.map((p) => p.orderId))
  const res = await fetch(`${gateway}/_sim/orders`)
  expect(res.status).toBe(200)
  const { orders } = (await res.json()) as { orders: GatewayOrder[] }
  return orders.filter((o) => orderIds.has(o.order.id)).flatMap((o) => o.refunds)
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${where} fits the phone's width`).toBeLessThanOrEqual(0)
}

test.describe('cancelling a traveller of a ticketed booking, on a phone', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
    // The airline takes the request at once and cancels within seconds, so the page shows it on the way.
    await setSimCancellations({ acknowledgeAfter: '1s', completeAfter: '4s' })
  })
  test.afterEach(async () => {
    await clearSimCancellations()
  })

  test('the second adult is cancelled after the charges are shown, and refunded once, the amount shown', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    await createAccount(page.request, 'cancel-some')
    const id = await bookTwoAdults(page.request)

    // Paid by UPI at the gateway's checkout: the server then issues the tickets.
    // The page is left scrolled down, as a traveller reading the fare details leaves it.
    await page.goto(`/flights/booking/${id}`)
    const pay = page.getByRole('button', { name: /^Pay ₹[\d,.]+$/ })
    await expect(pay).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'scrolled down' }).toBeGreaterThan(300)
    await openCheckout(page, pay)
    const gateway = new URL(page.url()).origin
    await payAtCheckout(page, { method: 'UPI', outcome: 'Success' })

    // Back from the gateway (a new page load), the booking opens at its top, its status heading
    // focused so that a screen reader reads it, whatever position the page was left at.
    const ticketed = page.getByRole('heading', { level: 1, name: 'Ticket issued' })
    await expect(ticketed).toBeVisible({ timeout: 60_000 })
    await expect(ticketed).toBeFocused()
    await expect(ticketed).toBeInViewport({ ratio: 1 })
    expect(await page.evaluate(() => window.scrollY), 'the booking page opens at its top').toBe(0)

    await page.getByRole('link', { name: 'My Trips' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Booking BOM → DEL' })).toBeVisible()
    await expect(page.getByTestId('trip-passenger')).toHaveCount(2, { timeout: 20_000 })
    await expectNoSidewaysScroll(page, 'the trip page')

    // The e-ticket is a PDF the browser downloads with the session.
    const documents = page.getByRole('region', { name: 'Documents' })
    const eTicket = documents.getByRole('link', { name: /^E-ticket/ })
    await expect(eTicket).toHaveAttribute('download')
    const [download] = await Promise.all([page.waitForEvent('download'), eTicket.click()])
    const file = await readFile(await download.path())
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const pdf = await page.request.get((await eTicket.getAttribute('href')) ?? '')
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf\b/)
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')

    // Choose the second traveller, and see what it costs before anything is sent.
    const cancellations = page.getByRole('region', { name: 'Cancellations' })
    await cancellations.getByRole('button', { name: 'Cancel some travellers' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel some travellers' })
    await expect(dialog).toBeVisible()
    const choices = dialog.getByRole('checkbox')
    await expect(choices).toHaveCount(2)
    // A tap anywhere on the traveller's row ticks them (the box itself is the row's label's).
    await dialog
      .getByTestId('cancel-choice')
      .filter({ hasText: /Rohan Sharma/i })
      .tap()
    await expect(dialog.getByRole('checkbox', { name: /Rohan Sharma/i })).toBeChecked()
    await expect(dialog.getByRole('checkbox', { name: /Ananya Sharma/i })).not.toBeChecked()
    await dialog.getByRole('button', { name: 'See charges' }).click()

    const shown = dialog.getByTestId('cancel-quote')
    await expect(shown).toBeVisible({ timeout: 60_000 })
    await expect(shown.getByTestId('cancel-quote-traveller')).toHaveCount(1)
    await expect(shown.getByTestId('cancel-quote-traveller')).toContainText(/Rohan Sharma \(Adult\)/i)
    await expect(shown.getByRole('list', { name: /^Flights?$/ })).toContainText('BOM')
    await expect(shown.getByText("Airline's cancellation charge")).toBeVisible()
    await expect(shown.getByTestId('cancel-quote-refund')).toContainText(/to your UPI within \d+ days?\./)
    const refundShown = ((await shown.getByTestId('cancel-quote-refund-amount').textContent()) ?? '').trim()
    const refundPaise = paiseOf(refundShown)
    expect(refundPaise, 'the fare leaves a refund after the airline’s charge').toBeGreaterThan(0)
    await expectNoSidewaysScroll(page, 'the cancel dialog')
    await expectAccessible(page, 'the cancel dialog', { include: '[role="dialog"]' })

    const confirmBox = await dialog.getByRole('button', { name: 'Confirm cancellation' }).boundingBox()
    expect(confirmBox?.height ?? 0, 'a 44 px target').toBeGreaterThanOrEqual(44)
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect(dialog).toBeHidden()

    // Focus is on the cancellation's status, which follows the airline to its last word.
    const status = cancellations.getByTestId('cancellation-status')
    await expect(status).toBeFocused()
    await expect(status).toContainText(/Cancellation requested|Sending the cancellation|With the airline/)
    await expect(status).toContainText('Cancelled', { timeout: 90_000 })
    const cancellation = cancellations.getByTestId('cancellation')
    await expect(cancellation.getByTestId('cancellation-ticket')).toContainText(/Rohan Sharma/i)
    await expect(cancellation.getByTestId('cancellation-ticket')).toContainText('Cancelled')
    await expect(cancellation.getByText('Refund', { exact: true })).toBeVisible()
    await expect(cancellation.getByTestId('cancellation-refund')).toHaveText(refundShown)

    // The traveller's ticket is marked; the booking keeps the first traveller's.
    const rohan = page.getByTestId('trip-passenger').filter({ hasText: /Rohan Sharma/i })
    await expect(rohan.getByTestId('ticket-state')).toHaveText('Cancelled')
    const ananya = page.getByTestId('trip-passenger').filter({ hasText: /Ananya Sharma/i })
    await expect(ananya.getByTestId('ticket-state')).toHaveCount(0)
    await expect(cancellations.getByRole('button', { name: 'Cancel booking' })).toBeVisible()
    await expect(cancellations.getByRole('button', { name: 'Cancel some travellers' })).toHaveCount(0)

    // The gateway made exactly one refund, of the amount shown.
    await expect
      .poll(async () => (await gatewayRefunds(page.request, gateway, id)).length, {
        message: 'the gateway is asked for the refund',
        timeout: 60_000,
        intervals: [500, 1000, 2000],
      })
      .toBeGreaterThan(0)
    const refunds = await gatewayRefunds(page.request, gateway, id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]?.amount).toBe(refundPaise)

    await page.reload()
    await expect(page.getByRole('region', { name: 'Payments' }).getByTestId('refund')).toContainText(refundShown)
    await page.setViewportSize({ width: 360, height: 780 })
    await expectNoSidewaysScroll(page, 'the trip page at 360 px')
    await expectAccessible(page, 'the trip page with a cancellation', { include: 'main' })
  })
})

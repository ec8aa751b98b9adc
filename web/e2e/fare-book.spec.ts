import type { APIRequestContext } from '@playwright/test'
import { openCheckout, payAtCheckout } from './checkout'
import {
  clearSimFaults,
  createAccount,
  expect,
  expectApiServer,
  fillPassenger,
  openFare,
  pickFare as pick,
  plainGDS,
  searchFares as search,
  setSimFaults,
  shownDay,
  simBookings,
  test,
} from './fixtures'

const payButton = /^Pay ₹/

async function myBookings(request: APIRequestContext) {
  const res = await request.get('/api/v1/me/bookings')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { items: unknown[] }).items
}

test.describe('fare and book page against the API and the supplier simulator', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })
  test.afterEach(async () => {
    await clearSimFaults()
  })

  test('an LCC fare is recorded by Book, paid for, and ticketed by the server', async ({ page }) => {
    test.setTimeout(150_000)
    await createAccount(page.request, 'fare-lcc', 'Ananya Sharma')
    const { traceId, fares } = await search(page.request, 'BOM', 'DEL')
    // As the results list does: the search's trace and when it answered, for the session clock.
    await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
      'paryatan.flights.trace',
      JSON.stringify({ traceId, at: Date.now() }),
    ] as const)
    await openFare(
      page,
      traceId,
      pick(fares, (f) => f.IsLCC),
    )
    await expect(page.getByLabel('First name')).toHaveValue('Ananya')
    await expect(page.getByLabel('Last name')).toHaveValue('Sharma')
    await expect(page.getByTestId('session-timer')).toContainText(/Fares held for 1[0-5]:\d\d/)
    await fillPassenger(page)
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByText('Low-cost fares are booked when the ticket is issued.')).toBeVisible({
      timeout: 30_000,
    })
    await openCheckout(page, page.getByRole('button', { name: payButton }))
    await payAtCheckout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket issued' })).toBeVisible({ timeout: 60_000 })
    await expect(page.getByText('Ticket issued successfully.')).toBeVisible()
  })

  test('a GDS fare is booked, refused a ticket until paid, ticketed once paid, and its details refreshed', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await createAccount(page.request, 'fare-gds')
    const { traceId, fares } = await search(page.request, 'BOM', 'DEL')
    await openFare(page, traceId, pick(fares, plainGDS))
    await fillPassenger(page)
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    await page.getByRole('button', { name: 'Refresh booking details' }).click()
    await expect(page.getByTestId('booking-details')).toContainText('PNR')
    await page.getByText('Raw booking details').click()
    await expect(page.getByTestId('raw-booking-details')).toContainText('"FlightItinerary"')

    await page.getByRole('button', { name: 'Ticket', exact: true }).click()
    await expect(page.getByTestId('error-banner')).toHaveText(
      'Please pay for this booking before the ticket is issued.',
      { timeout: 30_000 },
    )
    await openCheckout(page, page.getByRole('button', { name: payButton }))
    await payAtCheckout(page)
    await expect(page.getByText('Ticket issued successfully.')).toBeVisible({ timeout: 60_000 })

    // My Trips has the airline's ticket numbers.
    await page.getByRole('link', { name: 'My Trips' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Booking BOM → DEL' })).toBeVisible()
    await expect(page.getByTestId('trip-passenger')).toContainText(/Ticket number \S+/)
  })

  test('an international full-service fare asks for the passport and books with it', async ({ page }) => {
    test.setTimeout(150_000)
    await createAccount(page.request, 'fare-intl')
    const { traceId, fares } = await search(page.request, 'BOM', 'DXB')
    await openFare(
      page,
      traceId,
      pick(fares, (f) => !f.IsLCC && Boolean(f.IsPassportRequiredAtTicket || f.IsPassportRequiredAtBook)),
    )
    await fillPassenger(page)
    await expect(page.getByLabel('Passport number')).toBeVisible()
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByText("The airline needs every traveller's passport for this fare.")).toBeVisible()
    await expect(page.getByText('Please enter the passport number.')).toBeVisible()
    await page.getByLabel('Passport number').fill('Z1234567')
    await page.getByRole('textbox', { name: 'Passport expiry', exact: true }).fill(shownDay(3 * 365))
    await page.getByLabel('Passport issuing country').fill('IN')
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    await openCheckout(page, page.getByRole('button', { name: payButton }))
    await payAtCheckout(page)
    await expect(page.getByText('Ticket issued successfully.')).toBeVisible({ timeout: 60_000 })
  })

  test('a double click on Book makes one booking', async ({ page }) => {
    test.setTimeout(120_000)
    await createAccount(page.request, 'fare-double')
    const { traceId, fares } = await search(page.request, 'BOM', 'DEL')
    await openFare(page, traceId, pick(fares, plainGDS))
    await fillPassenger(page)
    const before = (await simBookings()).length
    // A slow supplier keeps the first request in flight while the second click lands.
    await setSimFaults({ Book: { latency: '1500ms' } })
    await page.getByRole('button', { name: 'Book', exact: true }).dblclick()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    expect((await simBookings()).length).toBe(before + 1)
    expect(await myBookings(page.request)).toHaveLength(1)
  })

  test('a fare that changes at Book is shown old against new and booked only once accepted', async ({ page }) => {
    test.setTimeout(120_000)
    await createAccount(page.request, 'fare-change')
    const { traceId, fares } = await search(page.request, 'BOM', 'DEL')
    await openFare(page, traceId, pick(fares, plainGDS))
    await fillPassenger(page)
    const before = (await simBookings()).length
    await setSimFaults({ Book: { priceChange: 'true' } })
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    const notice = page.getByTestId('price-change')
    await expect(notice).toContainText('Old fare: ₹', { timeout: 30_000 })
    await expect(notice).toContainText('New fare: ₹')
    const text = (await notice.textContent()) ?? ''
    const [, oldFare, newFare] = /Old fare: (₹[\d,.]+).*New fare: (₹[\d,.]+)/.exec(text) ?? []
    expect(oldFare).toBeTruthy()
    expect(newFare).not.toBe(oldFare)
    expect((await simBookings()).length).toBe(before)
    await clearSimFaults()
    await notice.getByRole('button', { name: 'Accept new fare' }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    expect((await simBookings()).length).toBe(before + 1)
  })
})

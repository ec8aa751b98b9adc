import type { APIRequestContext, Page } from '@playwright/test'
import {
  clearSimFaults,
  createAccount,
  expect,
  expectApiServer,
  indiaDay,
  setSimFaults,
  shownDay,
  simBookings,
  test,
} from './fixtures'

interface Fare {
  ResultIndex: string
  IsLCC: boolean
  IsPassportRequiredAtBook?: boolean
  IsPassportRequiredAtTicket?: boolean
  Fare: { PublishedFare: string }
}

/** Searches through the API with the page's session and returns the trace and its first list. */
async function search(request: APIRequestContext, origin: string, destination: string) {
  const res = await request.post('/api/v1/flights/tbo/search', {
    data: { origin, destination, departDate: indiaDay(10), adults: 1, cabinClass: 2 },
  })
  expect(res.status(), await res.text()).toBe(200)
  const body = (await res.json()) as { data: { Response: { TraceId: string; Results: Fare[][] } } }
  return { traceId: body.data.Response.TraceId, fares: body.data.Response.Results[0] ?? [] }
}

async function openFare(page: Page, traceId: string, fare: Fare) {
  const query = new URLSearchParams({ traceId, resultIndex: fare.ResultIndex })
  await page.goto(`/flights/fare?${query.toString()}`)
  await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 20_000 })
}

/** Completes what an account without a profile leaves empty. */
async function fillPassenger(page: Page) {
  await page.getByLabel('Title').selectOption('Ms')
  await page.getByRole('textbox', { name: 'Date of birth', exact: true }).fill('12-04-1990')
  await page.getByLabel('Gender').selectOption('2')
  await page.getByLabel('Mobile').fill('+919876543210')
  await page.getByLabel('Address line 1').fill('12 MG Road')
}

function pick(fares: Fare[], test: (f: Fare) => boolean): Fare {
  const fare = fares.find(test)
  expect(fare, 'the simulator offers such a fare').toBeDefined()
  return fare as Fare
}

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

  test('an LCC fare is ticketed in one step', async ({ page }) => {
    test.setTimeout(120_000)
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
    await page.getByRole('button', { name: 'Ticket', exact: true }).click()
    await expect(page.getByText('Ticket issued successfully.')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('button', { name: 'Retry Ticket' })).toBeVisible()
    await expect(page.getByTestId('booking-details')).toContainText(/Ticket \S+/)
  })

  test('a GDS fare is booked, ticketed and its details refreshed', async ({ page }) => {
    test.setTimeout(120_000)
    await createAccount(page.request, 'fare-gds')
    const { traceId, fares } = await search(page.request, 'BOM', 'DEL')
    await openFare(
      page,
      traceId,
      pick(fares, (f) => !f.IsLCC && !f.IsPassportRequiredAtTicket && !f.IsPassportRequiredAtBook),
    )
    await fillPassenger(page)
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    await page.getByRole('button', { name: 'Ticket', exact: true }).click()
    await expect(page.getByText('Ticket issued successfully.')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('booking-details')).toContainText(/Ticket \S+/)
    await page.getByRole('button', { name: 'Refresh booking details' }).click()
    await expect(page.getByTestId('booking-details')).toContainText('PNR')
    await page.getByText('Raw booking details').click()
    await expect(page.getByTestId('raw-booking-details')).toContainText('"FlightItinerary"')
  })

  test('an international full-service fare asks for the passport and books with it', async ({ page }) => {
    test.setTimeout(120_000)
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
    await page.getByRole('button', { name: 'Ticket', exact: true }).click()
    await expect(page.getByText('Ticket issued successfully.')).toBeVisible({ timeout: 30_000 })
  })

  test('a double click on Book makes one booking', async ({ page }) => {
    test.setTimeout(120_000)
    await createAccount(page.request, 'fare-double')
    const { traceId, fares } = await search(page.request, 'BOM', 'DEL')
    await openFare(
      page,
      traceId,
      pick(fares, (f) => !f.IsLCC && !f.IsPassportRequiredAtTicket && !f.IsPassportRequiredAtBook),
    )
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
    await openFare(
      page,
      traceId,
      pick(fares, (f) => !f.IsLCC && !f.IsPassportRequiredAtTicket && !f.IsPassportRequiredAtBook),
    )
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

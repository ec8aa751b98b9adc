import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

const NEEDS_SERVER = 'no API server answers: run the journeys with `make build && hack/e2e.sh`'

let sequence = 0

/**
 * Plain Playwright, except that `page.goto` waits for the app's first render (`gotoWaitsForApp`):
 * for the journeys that need no API server of their own making.
 */
export const appTest = base.extend({
  page: async ({ page }, provide) => {
    await provide(gotoWaitsForApp(page))
  },
})

/**
 * Each test presents its own client address (the server trusts loopback as a
 * proxy), so the server's per-address sign-in limits never carry over from one
 * test to the next.
 */
export const test = appTest.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => {
    sequence += 1
    const third = (Math.floor(Math.random() * 200) + sequence) % 256
    const fourth = (sequence % 254) + 1
    await provide({ 'X-Forwarded-For': `198.18.${third}.${fourth}` })
  },
})

/**
 * Makes `page.goto` wait, after the load event, for the app's first render as well. The app renders
 * it as a transition (src/main.tsx), in slices that may end after the load event: until then a page
 * shows the HTML's prerendered copy (inert: the home page's first screen, or the header over the
 * loading page on every other page), and the router does not yet follow the history. A journey starts
 * from the page a visitor can use.
 */
function gotoWaitsForApp(page: Page): Page {
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (response?.headers()['content-type']?.startsWith('text/html')) await appRendered(page)
    return response
  }
  return page
}

/** Waits until the app has rendered into #root over whatever the HTML brought there. */
async function appRendered(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root')
      return !root || (root.childElementCount > 0 && !root.querySelector(':scope > [inert]'))
    },
    null,
    { timeout: 30_000 },
  )
}

export { expect }

/** An e-mail address no earlier test or run has used. */
export function uniqueEmail(tag: string): string {
  const suffix = Math.random().toString(36).slice(2, 8)
  return `e2e.${tag}.${Date.now()}.${suffix}@example.in`
}

export const PASSWORD = 'monsoon-trek-42'

export interface Account {
  fullName: string
  email: string
  password: string
}

/** Creates an account straight through the API, on a request context with its own cookies. */
export async function createAccount(
  request: APIRequestContext,
  tag: string,
  fullName = 'Ananya Sharma',
): Promise<Account> {
  const account = { fullName, email: uniqueEmail(tag), password: PASSWORD }
  const res = await request.post('/api/auth/register', { data: account })
  expect(res.status(), await res.text()).toBe(201)
  return account
}

/**
 * Fails the test at once, saying why, when no API server answers: under `vite preview`
 * (no E2E_BASE_URL) `/api` is the app's HTML page. Journeys never skip.
 */
export async function expectApiServer(request: APIRequestContext) {
  const res = await request.get('/api/auth/me')
  expect(res.headers()['content-type'] ?? '', NEEDS_SERVER).toContain('application/json')
}

export function pathOf(url: string): string {
  const u = new URL(url)
  return u.pathname + u.search
}

/**
 * Scrolls as a reader would, which brings in what a page loads only when it is wanted (the footer
 * on every page, the home page's lower sections), and waits for the footer.
 */
export async function bringInFooter(page: Page) {
  await page.mouse.wheel(0, 400)
  await expect(page.getByRole('contentinfo')).toBeVisible()
}

export async function expectPath(page: Page, path: string) {
  await expect.poll(() => pathOf(page.url())).toBe(path)
}

/** The supplier simulator hack/e2e.sh started for the journeys. */
function simURL(path: string): string {
  const base = process.env.E2E_SIM_URL
  if (!base) throw new Error('E2E_SIM_URL is not set: run the journeys with `make build && hack/e2e.sh`')
  return base + path
}

/**
 * What the supplier does on later calls of a method until cleared, as the
 * simulator's fault overrides take it: `{ Search: { error: 'true' } }`,
 * `{ FareQuote: { priceChange: 'true' } }`, `{ Book: { latency: '2s' } }`,
 * `{ Ticket: { extrasPriceChange: 'true' } }` (a low-cost result's seats, meals and baggage cost more).
 */
export type SimFaults = Record<
  string,
  { latency?: string; error?: string; drop?: string; priceChange?: string; extrasPriceChange?: string }
>

export async function setSimFaults(faults: SimFaults): Promise<void> {
  const res = await fetch(simURL('/_sim/faults'), { method: 'PUT', body: JSON.stringify(faults) })
  expect(res.status, await res.text()).toBe(200)
}

export async function clearSimFaults(): Promise<void> {
  const res = await fetch(simURL('/_sim/faults'), { method: 'DELETE' })
  expect(res.status).toBe(200)
}

export interface SimBooking {
  bookingId: number
  pnr: string
  traceId: string
  resultIndex: string
  isLCC: boolean
  ticketed: boolean
  /** Each passenger and what they bought (a low-cost fare's seats, meals and baggage; prices in rupees). */
  passengers: {
    paxType: number
    items: { kind: 'seat' | 'meal' | 'baggage'; flight: string; code: string; price: string }[]
  }[]
}

/** Every booking the supplier holds, whoever made it. */
export async function simBookings(): Promise<SimBooking[]> {
  const res = await fetch(simURL('/_sim/bookings'))
  expect(res.status).toBe(200)
  const { bookings } = (await res.json()) as { bookings: SimBooking[] | null }
  return bookings ?? []
}

/** A day `days` from today in India's calendar (the one the API checks dates against), YYYY-MM-DD. */
export function indiaDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The same day as the date fields show it, dd-MM-yyyy. */
export function shownDay(days: number): string {
  const [y, m, d] = indiaDay(days).split('-')
  return `${d}-${m}-${y}`
}

/**
 * Which shares of fares need documents (the simulator's document settings,
 * fixed per search): `{ pan: 1, passport: 1 }` makes every fare of later
 * searches need every adult's PAN and every passenger's passport.
 */
export interface SimDocuments {
  pan?: number
  passport?: number
  gst?: number
  noGst?: number
  at?: 'book' | 'ticket'
}

export async function setSimDocuments(docs: SimDocuments): Promise<void> {
  const res = await fetch(simURL('/_sim/documents'), { method: 'PUT', body: JSON.stringify(docs) })
  expect(res.status, await res.text()).toBe(200)
}

export async function clearSimDocuments(): Promise<void> {
  const res = await fetch(simURL('/_sim/documents'), { method: 'DELETE' })
  expect(res.status).toBe(200)
}

/**
 * How the simulated airlines move cancellations (change requests) to
 * Completed, as the simulator's settings take them: `{ acknowledgeAfter:
 * '1s', completeAfter: '4s' }`; a field left out takes its default, and
 * `'0s'` for both makes every cancellation instant.
 */
export interface SimCancellations {
  acknowledgeAfter?: string
  completeAfter?: string
  instantLCC?: number
}

export async function setSimCancellations(settings: SimCancellations): Promise<void> {
  const res = await fetch(simURL('/_sim/cancellations'), { method: 'PUT', body: JSON.stringify(settings) })
  expect(res.status, await res.text()).toBe(200)
}

export async function clearSimCancellations(): Promise<void> {
  const res = await fetch(simURL('/_sim/cancellations'), { method: 'DELETE' })
  expect(res.status).toBe(200)
}

/** A fare of a search answer, with what the journeys choose it by. */
export interface Fare {
  ResultIndex: string
  IsLCC: boolean
  IsRefundable?: boolean
  IsPassportRequiredAtBook?: boolean
  IsPassportRequiredAtTicket?: boolean
  Fare: { PublishedFare: string }
}

/** Searches a one-way trip 10 days out (one adult's, unless told) through the API, with the context's session: the trace and its first list. */
export async function searchFares(request: APIRequestContext, origin: string, destination: string, adults = 1) {
  const res = await request.post('/api/v1/flights/tbo/search', {
    data: { origin, destination, departDate: indiaDay(10), adults, cabinClass: 2 },
  })
  expect(res.status(), await res.text()).toBe(200)
  const body = (await res.json()) as { data: { Response: { TraceId: string; Results: Fare[][] } } }
  return { traceId: body.data.Response.TraceId, fares: body.data.Response.Results[0] ?? [] }
}

/** The first fare that passes `test`; fails the test when the simulator offers none. */
export function pickFare(fares: Fare[], test: (f: Fare) => boolean): Fare {
  const fare = fares.find(test)
  expect(fare, 'the simulator offers such a fare').toBeDefined()
  return fare as Fare
}

/** A full-service fare that asks for no passport: booked with one adult's details. */
export const plainGDS = (f: Fare) => !f.IsLCC && !f.IsPassportRequiredAtTicket && !f.IsPassportRequiredAtBook

/** A booking record as the book call answers it. */
export interface BookedRecord {
  _id: string
  pnr: string
  bookingId: number
  status: string
}

/**
 * Books a full-service BOM→DEL fare for one adult (Ananya Sharma) through the API, with the
 * context's session, as the fare page would: quote, then book. Not paid yet.
 */
export async function bookOneAdult(request: APIRequestContext, tag: string): Promise<BookedRecord> {
  const { traceId, fares } = await searchFares(request, 'BOM', 'DEL')
  const { ResultIndex: resultIndex } = pickFare(fares, plainGDS)
  const quote = await request.post('/api/v1/flights/tbo/fare-quote', { data: { traceId, resultIndex } })
  expect(quote.status(), await quote.text()).toBe(200)
  const book = await request.post('/api/v1/flights/tbo/book', {
    headers: { 'Idempotency-Key': `${tag}-${Date.now()}` },
    data: {
      traceId,
      resultIndex,
      isLCC: false,
      contact: { Email: 'ananya@example.in', Mobile: '9876543210' },
      address: { AddressLine1: '12 MG Road', City: 'Pune', CountryCode: 'IN' },
      passengers: [
        {
          Title: 'Ms',
          FirstName: 'Ananya',
          LastName: 'Sharma',
          PaxType: 1,
          DateOfBirth: '1990-03-14',
          Gender: 2,
          ContactNo: '9876543210',
          Email: 'ananya@example.in',
        },
      ],
    },
  })
  expect(book.status(), await book.text()).toBe(200)
  return ((await book.json()) as { booking: BookedRecord }).booking
}

/** Opens the fare page of a fare and waits for its price. */
export async function openFare(page: Page, traceId: string, fare: Fare) {
  const query = new URLSearchParams({ traceId, resultIndex: fare.ResultIndex })
  await page.goto(`/flights/fare?${query.toString()}`)
  await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 20_000 })
}

/** Completes what an account without a profile leaves empty on the fare page. */
export async function fillPassenger(page: Page) {
  await page.getByLabel('Title').selectOption('Ms')
  await page.getByRole('textbox', { name: 'Date of birth', exact: true }).fill('12-04-1990')
  await page.getByLabel('Gender').selectOption('2')
  await page.getByLabel('Mobile').fill('+919876543210')
  await page.getByLabel('Address line 1').fill('12 MG Road')
}

interface Checkout {
  action: string
  fields: Record<string, string>
}

/**
 * Pays for one of the user's bookings as the gateway's hosted checkout would,
 * without a browser: the order opened through the API, paid at the gateway's
 * simulator (its `/_sim/orders/{id}/pay` control, which also sends the signed
 * webhooks), and the signed answer posted to the callback the checkout posts
 * to. Returns where the callback sends the traveller.
 */
export async function payByApi(
  request: APIRequestContext,
  bookingId: string,
  how: { method?: 'upi' | 'card' | 'netbanking' | 'wallet'; outcome?: 'success' | 'failure' } = {},
): Promise<string> {
  const opened = await request.post(`/api/v1/me/bookings/${encodeURIComponent(bookingId)}/payment`)
  expect(opened.status(), await opened.text()).toBe(200)
  const { checkout } = (await opened.json()) as { checkout: Checkout }
  const gateway = new URL(checkout.action).origin
  const orderId = checkout.fields.order_id ?? ''
  const paid = await fetch(`${gateway}/_sim/orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ method: how.method ?? 'upi', outcome: how.outcome ?? 'success' }),
  })
  const text = await paid.text()
  expect(paid.status, text).toBe(200)
  const { fields } = JSON.parse(text) as { fields: Record<string, string> }
  const back = await request.post(checkout.fields.callback_url ?? '', { form: fields, maxRedirects: 0 })
  expect(back.status(), await back.text()).toBe(303)
  return back.headers()['location'] ?? ''
}

/** Waits until the server has issued a booking's ticket (it does so by itself once the booking is paid). */
export async function waitForTicket(request: APIRequestContext, bookingId: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/me/bookings/${encodeURIComponent(bookingId)}`)
        expect(res.status()).toBe(200)
        return ((await res.json()) as { booking: { status: string } }).booking.status
      },
      { message: 'the booking is ticketed after payment', timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe('ticketed')
}

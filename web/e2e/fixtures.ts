import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

const NEEDS_SERVER = 'no API server answers: run the journeys with `make build && hack/e2e.sh`'

let sequence = 0

/**
 * Each test presents its own client address (the server trusts loopback as a
 * proxy), so the server's per-address sign-in limits never carry over from one
 * test to the next.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => {
    sequence += 1
    const third = (Math.floor(Math.random() * 200) + sequence) % 256
    const fourth = (sequence % 254) + 1
    await provide({ 'X-Forwarded-For': `198.18.${third}.${fourth}` })
  },
})

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
 * `{ FareQuote: { priceChange: 'true' } }`, `{ Book: { latency: '2s' } }`.
 */
export type SimFaults = Record<string, { latency?: string; error?: string; drop?: string; priceChange?: string }>

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

import { devices } from '@playwright/test'
import { createAccount, expect, expectApiServer, searchFares, test } from './fixtures'

// The fare page on a phone, loaded afresh (a reload, a link), against the real
// API and the supplier simulator: the page the server sends draws the flight
// from the quote before the app has loaded, and the app then renders the same
// page over it without moving anything.

const { deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7']
const phone = { viewport: { width: 412, height: 915 }, deviceScaleFactor, isMobile, hasTouch, userAgent }

declare global {
  interface Window {
    /** The page's layout shifts so far, as Cumulative Layout Shift adds them. */
    shifted?: number
  }
}

test.beforeAll(async ({ request }) => {
  await expectApiServer(request)
})

test("fare: the page's HTML draws the flight from the quote before the app runs, and the app renders it in place", async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext(phone)
  await createAccount(context.request, 'fare-ahead')
  const { traceId, fares } = await searchFares(context.request, 'BOM', 'DEL')
  const fare = fares[0]
  expect(fare, 'the simulator offers a fare').toBeDefined()
  const url = `/flights/fare?${new URLSearchParams({ traceId, resultIndex: fare!.ResultIndex }).toString()}`

  // The app's entry never arrives: what shows is the HTML and the small scripts that run before it.
  const ahead = await context.newPage()
  await ahead.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort())
  await ahead.goto(url)
  const copy = ahead.locator('#root > [inert]')
  await expect(copy.getByRole('heading', { level: 1, name: 'Fare and booking' })).toBeVisible()
  const itinerary = copy.getByRole('region', { name: 'Itinerary' })
  await expect(itinerary).toBeVisible({ timeout: 20_000 })
  await expect(copy.getByText('Loading fare…')).toBeHidden()
  const drawn = await itinerary.innerText()
  expect(drawn).toMatch(/^Itinerary\s+BOM → DEL · \w{3}, \d{1,2} \w{3},? \d{4} · \d+h \d\dm · (Non-stop|\d stops?)\s/)
  expect(drawn).toMatch(/\d\d:\d\d BOM.* → \d\d:\d\d /)
  await ahead.close()

  // With the app: it renders the same itinerary over the drawn one, and nothing on the page moves.
  const page = await context.newPage()
  await page.addInitScript(() => {
    window.shifted = 0
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!shift.hadRecentInput) window.shifted = (window.shifted ?? 0) + shift.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(url)
  await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('#root > [inert]')).toHaveCount(0)
  expect(await page.getByRole('region', { name: 'Itinerary' }).innerText()).toBe(drawn)
  expect(await page.evaluate(() => window.shifted)).toBeLessThan(0.05)
  await context.close()
})

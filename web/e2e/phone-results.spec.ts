import { devices, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, expectApiServer, indiaDay, test } from './fixtures'

// The flight results and the search view on a phone, against the real API and
// the supplier simulator: the flights start on the first screen, under a bar
// with the sort and a Filters button that stays in view while the list
// scrolls; the filters open in a sheet that counts the flights they leave
// before they apply.

const QUERY = `from=BOM&to=DEL&date=${indiaDay(10)}&adults=1&children=0&infants=0&cabin=any&nonstop=false`
const RESULTS = `/flights?${QUERY}`
const SEARCH_VIEW = `/flights/form?${QUERY}`

// A Pixel 7 (412×915), and a smaller phone's 360×740 with the same browser.
const { deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7']
const PHONES = [
  { width: 360, height: 740 },
  { width: 412, height: 915 },
]

/** "Showing 24 of 80 flights" as [24, 80]. */
async function shownOf(page: Page): Promise<[number, number]> {
  const text = (await page.getByText(/^Showing \d+ of \d+ flights$/).textContent()) ?? ''
  const m = /Showing (\d+) of (\d+) flights/.exec(text)
  expect(m, text).not.toBeNull()
  return [Number(m?.[1]), Number(m?.[2])]
}

/** Fails when the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
}

/** The number in "Show 24 flights". */
async function applyCount(apply: Locator): Promise<number> {
  const text = (await apply.textContent()) ?? ''
  const m = /^Show (\d+) flights?$/.exec(text.trim())
  expect(m, text).not.toBeNull()
  return Number(m?.[1])
}

/**
 * What the first screen shows: at least two cards start within it, the second
 * one's title (its airline) in full, with no sideways scroll; the Filters
 * button is a 44 px target.
 */
async function expectTwoCardsFirst(page: Page) {
  const cards = page.getByTestId('flight-card')
  await expect(cards.nth(1)).toBeAttached({ timeout: 30_000 })
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const height = page.viewportSize()?.height ?? 0
  for (const i of [0, 1]) {
    const box = await cards.nth(i).boundingBox()
    expect(box, `card ${i + 1}`).not.toBeNull()
    expect(box?.y ?? height, `card ${i + 1} starts on the first screen`).toBeLessThan(height)
  }
  await expect(cards.nth(1).locator('[data-card-part=airline-name]')).toBeInViewport({ ratio: 1 })
  await expectNoSidewaysScroll(page)

  const filters = page.getByRole('button', { name: /^Filters/ })
  const box = await filters.boundingBox()
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44)
}

/** After a scroll down the list, the Filters button is still on screen, below the header and on top. */
async function expectBarStays(page: Page) {
  await page.mouse.wheel(0, 1500)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  const filters = page.getByRole('button', { name: /^Filters/ })
  await expect(filters).toBeInViewport({ ratio: 1 })
  const header = await page.getByRole('banner').boundingBox()
  const box = await filters.boundingBox()
  expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1)
  // Nothing lies over it: what is at its centre is the button.
  const onTop = await filters.evaluate((button) => {
    const r = button.getBoundingClientRect()
    return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
  })
  expect(onTop).toBe(true)
}

test.describe('on a phone', () => {
  test.use({ deviceScaleFactor, isMobile, hasTouch, userAgent })
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  for (const viewport of PHONES) {
    test.describe(`${viewport.width}×${viewport.height}`, () => {
      test.use({ viewport })

      test('results: two flights on the first screen, the Filters bar in view while the list scrolls', async ({
        page,
      }) => {
        await page.goto(RESULTS)
        await expect(page.getByRole('complementary', { name: 'Filter flights' })).toHaveCount(0)
        await expectTwoCardsFirst(page)
        await expectBarStays(page)
        await expectNoSidewaysScroll(page)
      })

      test('search view: two flights on the first screen, the Filters bar in view while the list scrolls', async ({
        page,
      }) => {
        await page.goto(SEARCH_VIEW)
        await expect(page.getByRole('button', { name: 'Modify search' })).toBeVisible()
        await expectTwoCardsFirst(page)
        await expectBarStays(page)
      })
    })
  }

  test.describe('412×915', () => {
    test.use({ viewport: PHONES[1] })

    test("results: the page's HTML paints the search's own line and starts the search before the app runs", async ({
      browser,
    }) => {
      const day = indiaDay(12)
      const url = `/flights?from=BLR&to=GOI&date=${day}&adults=2&children=0&infants=0&cabin=business`
      const line = `BLR → GOI on ${day.split('-').reverse().join('-')} · 2 adults · Business`
      const phone = { viewport: PHONES[1], deviceScaleFactor, isMobile, hasTouch, userAgent }
      // The app's entry never arrives: what shows is the HTML and the small script that runs before it.
      const ahead = await browser.newContext(phone)
      const page = await ahead.newPage()
      await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort())
      const searched = page.waitForRequest((r) => r.url().endsWith('/api/v1/flights/tbo/search'))
      await page.goto(url)
      const copy = page.locator('#root > [inert]')
      await expect(copy.getByTestId('search-banner').getByText(line, { exact: true })).toBeVisible()
      // Laid out as on a phone: the Filters bar over the list, which is loading.
      await expect(copy.getByRole('button', { name: /^Filters/ })).toBeVisible()
      await expect(copy.getByRole('status').first()).toHaveText('Loading…')
      expect((await searched).postDataJSON()).toMatchObject({
        origin: 'BLR',
        destination: 'GOI',
        departDate: day,
        adults: 2,
        cabinClass: 4,
      })
      await ahead.close()

      // The line is in the HTML as the server sends it: on the first paint, with no script at all.
      const still = await browser.newContext({ ...phone, javaScriptEnabled: false })
      const bare = await still.newPage()
      await bare.goto(url)
      await expect(
        bare.locator('#root > [inert]').getByTestId('search-banner').getByText(line, { exact: true }),
      ).toBeVisible()
      await still.close()
    })

    test('results: the sheet counts the flights before applying, applying narrows the list, the button counts the filters', async ({
      page,
    }) => {
      test.setTimeout(90_000)
      await page.goto(RESULTS)
      await expect(page.getByTestId('flight-card').first()).toBeVisible({ timeout: 30_000 })
      const [, total] = await shownOf(page)
      expect(total).toBeGreaterThan(1)
      await expectAccessible(page, 'flight results on a phone', { headingOrder: true })

      const button = page.getByRole('button', { name: 'Filters', exact: true })
      await button.click()
      const sheet = page.getByRole('dialog', { name: 'Filters' })
      await expect(sheet).toBeVisible({ timeout: 15_000 })
      const apply = sheet.getByRole('button', { name: /^Show \d+ flights?$/ })
      await expect(apply).toHaveText(`Show ${total} flights`)
      await expectNoSidewaysScroll(page)

      // Non-stop only: the count changes before anything applies; the list behind is as it was.
      await sheet.getByRole('radio', { name: 'Non-stop' }).check()
      await expect(apply).not.toHaveText(`Show ${total} flights`)
      const nonstop = await applyCount(apply)
      expect(nonstop).toBeGreaterThan(0)
      expect(nonstop).toBeLessThan(total)
      expect(await shownOf(page)).toEqual([total, total])
      await expectAccessible(page, 'the filter sheet on a phone', { include: '[role="dialog"]' })

      // The focus stays in the sheet.
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab')
        expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true)
      }

      // Escape closes it without applying, and the focus is back on the button.
      await page.keyboard.press('Escape')
      await expect(sheet).toHaveCount(0)
      await expect(button).toBeFocused()
      expect(await shownOf(page)).toEqual([total, total])

      // Opened again, it starts from what applies; now Non-stop is applied with "Show N flights".
      await button.click()
      await expect(sheet.getByRole('radio', { name: 'Any' })).toBeChecked()
      await expect(apply).toHaveText(`Show ${total} flights`)
      await sheet.getByRole('radio', { name: 'Non-stop' }).check()
      await expect(apply).toHaveText(`Show ${nonstop} ${nonstop === 1 ? 'flight' : 'flights'}`)
      await apply.click()
      await expect(sheet).toHaveCount(0)
      await expect.poll(() => shownOf(page)).toEqual([nonstop, total])
      const stops = await page.getByTestId('stops').allTextContents()
      expect(stops.length).toBeGreaterThan(0)
      expect(stops.every((s) => s === 'Non-stop')).toBe(true)

      const counted = page.getByRole('button', { name: 'Filters, 1 applied' })
      await expect(counted).toBeFocused()
      await expect(counted).toHaveText('Filters (1)')
      await expectNoSidewaysScroll(page)
      await expectAccessible(page, 'flight results on a phone, filtered', { headingOrder: true })

      // Clear all empties the sheet; the list changes once it is applied.
      await counted.click()
      await sheet.getByRole('button', { name: 'Clear all' }).click()
      await expect(apply).toHaveText(`Show ${total} flights`)
      await apply.click()
      await expect.poll(() => shownOf(page)).toEqual([total, total])
      await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
    })
  })

  test.describe('360×740', () => {
    test.use({ viewport: PHONES[0] })

    test('search view: the sort in the bar, the filters in a sheet that counts before applying', async ({ page }) => {
      test.setTimeout(90_000)
      await page.goto(SEARCH_VIEW)
      await expect(page.getByTestId('flight-card').first()).toBeVisible({ timeout: 30_000 })
      const [, total] = await shownOf(page)

      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('nonstop')
      await expect.poll(async () => (await page.getByTestId('stops').allTextContents())[0]).toBe('Non-stop')

      await page.getByRole('button', { name: 'Filters', exact: true }).click()
      const sheet = page.getByRole('dialog', { name: 'Filters' })
      await expect(sheet).toBeVisible({ timeout: 15_000 })
      const apply = sheet.getByRole('button', { name: /^Show \d+ flights?$/ })
      await sheet.getByRole('checkbox', { name: '1 stop' }).check()
      await sheet.getByRole('checkbox', { name: '2+ stops' }).check()
      await expect(apply).not.toHaveText(`Show ${total} flights`)
      const connecting = await applyCount(apply)
      expect(connecting).toBeLessThan(total)
      expect(await shownOf(page)).toEqual([total, total])
      await expectNoSidewaysScroll(page)
      await expectAccessible(page, 'the search view filter sheet on a phone', { include: '[role="dialog"]' })

      await apply.click()
      await expect(sheet).toHaveCount(0)
      await expect.poll(() => shownOf(page)).toEqual([connecting, total])
      expect((await page.getByTestId('stops').allTextContents()).includes('Non-stop')).toBe(false)
      await expect(page.getByRole('button', { name: 'Filters, 2 applied' })).toBeFocused()
      await expectNoSidewaysScroll(page)
      await expectAccessible(page, 'the search view on a phone, filtered', { headingOrder: true })
    })
  })
})

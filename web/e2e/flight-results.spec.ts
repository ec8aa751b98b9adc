import type { Page } from '@playwright/test'
import { clearSimFaults, expect, expectApiServer, indiaDay, setSimFaults, test } from './fixtures'

const DATE = indiaDay(7)
const QUERY = `from=BOM&to=DEL&date=${DATE}&adults=1&children=0&infants=0&cabin=any&nonstop=false`
const SEARCH_PATH = '/api/v1/flights/tbo/search'

/** Rupees of a shown price ("₹1,23,456.50") in paise, for comparing order only. */
function paiseOf(text: string): number {
  const m = /^₹([\d,]+)(?:\.(\d{2}))?$/.exec(text.trim())
  if (!m) throw new Error(`not a price: ${text}`)
  return Number((m[1] ?? '').replace(/,/g, '')) * 100 + Number(m[2] ?? '0')
}

async function shownPrices(page: Page): Promise<number[]> {
  return (await page.getByTestId('price').allTextContents()).map(paiseOf)
}

function ascending(values: readonly (number | string)[]): boolean {
  return values.every((v, i) => i === 0 || (values[i - 1] as number | string) <= v)
}

test.afterEach(async () => {
  await clearSimFaults()
})

test('results: banner, a stops filter and sorts change the list consistently, choosing leads to the fare page', async ({
  page,
  request,
}) => {
  await expectApiServer(request)
  await page.goto(`/flights?${QUERY}`)

  const banner = page.getByTestId('search-banner')
  await expect(banner).toContainText(/Showing \d+ of \d+ results/)
  await expect(banner).toContainText('BOM → DEL on')
  await expect(banner).toContainText('1 adult')
  await expect(banner).toContainText('Any cabin')
  await expect(page.getByText(/Showing \d+ of \d+ flights/)).toBeVisible()
  await expect(page.getByTestId('flight-card').first()).toBeVisible()
  const total = Number(
    /of (\d+) flights/.exec((await page.getByText(/Showing \d+ of \d+ flights/).textContent()) ?? '')?.[1],
  )
  expect(total).toBeGreaterThan(0)

  // Cheapest first by default.
  expect(ascending(await shownPrices(page))).toBe(true)

  await page.getByRole('radio', { name: 'Non-stop' }).check({ force: true })
  await expect
    .poll(async () => {
      const stops = await page.getByTestId('stops').allTextContents()
      return stops.length > 0 && stops.every((s) => s === 'Non-stop')
    })
    .toBe(true)
  expect(ascending(await shownPrices(page))).toBe(true)

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('earliest')
  await expect
    .poll(async () => {
      const times = await page.getByTestId('depart').allTextContents()
      return times.length > 1 && ascending(times)
    })
    .toBe(true)
  await expect
    .poll(async () => (await page.getByTestId('stops').allTextContents()).every((s) => s === 'Non-stop'))
    .toBe(true)

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('cheapest')
  await expect.poll(async () => ascending(await shownPrices(page))).toBe(true)

  await page
    .getByRole('button', { name: /^Select / })
    .first()
    .click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/flights/fare')
  const params = new URL(page.url()).searchParams
  const ri = params.get('ri') ?? ''
  expect(ri.length).toBeGreaterThan(20)
  expect(params.get('from')).toBe('BOM')
  expect(params.get('to')).toBe('DEL')
  expect(params.get('date')).toBe(DATE)
  expect(params.get('adults')).toBe('1')
  expect(params.get('cabin')).toBe('any')
  expect(params.get('t')).toBeTruthy()
  const stored = await page.evaluate(() => sessionStorage.getItem('paryatan.flights.selected'))
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    id: ri,
    from: 'BOM',
    to: 'DEL',
    date: DATE,
    traceId: params.get('t'),
  })
})

test('search view: the date strip reruns the search for the day chosen', async ({ page, request }) => {
  await expectApiServer(request)
  await page.goto(`/flights/form?${QUERY}`)
  await expect(page.getByText(/Showing \d+ of \d+ flights/)).toBeVisible()
  const days = page.getByTestId('strip-day')
  await expect(days).toHaveCount(7)
  await expect(days.nth(3)).toHaveAttribute('aria-current', 'date')
  await expect(days.nth(3).getByTestId('strip-fare')).toHaveText(/^from ₹/)
  await expect(days.nth(3)).toHaveAccessibleName(/^\w{3}, \d{1,2} \w{3} from ₹[\d,]+$/)

  const next = indiaDay(8)
  const searched = page.waitForRequest(
    (req) => req.url().endsWith(SEARCH_PATH) && (req.postDataJSON() as { departDate?: string }).departDate === next,
  )
  await days.nth(4).click()
  await searched
  await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(next)
  await expect(page.getByTestId('strip-day').nth(3)).toHaveAttribute('aria-current', 'date')
  await expect(page.getByText(/Showing \d+ of \d+ flights/)).toBeVisible()
  // The day searched first keeps its lowest fare, now one place to the left.
  await expect(page.getByTestId('strip-day').nth(2).getByTestId('strip-fare')).toHaveText(/^from ₹/)

  await page
    .getByRole('button', { name: /^Select / })
    .first()
    .click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/flights/fare')
  const params = new URL(page.url()).searchParams
  expect(params.get('traceId')).toBeTruthy()
  expect((params.get('resultIndex') ?? '').length).toBeGreaterThan(20)
})

test('a supplier failure: amber banner on the search view, red box on the results', async ({ page, request }) => {
  await expectApiServer(request)
  await setSimFaults({ Search: { error: 'true' } })

  await page.goto(`/flights/form?${QUERY}`)
  const amber = page.getByTestId('search-failure')
  await expect(amber).toContainText('Failed to search flights')
  await expect(amber).toHaveAttribute('role', 'alert')

  await page.goto(`/flights?${QUERY}`)
  const red = page.getByTestId('load-failure')
  await expect(red).toContainText('Failed to load flights')
  await expect(red).toHaveAttribute('role', 'alert')
})

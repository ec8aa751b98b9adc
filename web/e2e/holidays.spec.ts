import AxeBuilder from '@axe-core/playwright'
import { expect, expectPath, test } from './fixtures'

const DESTINATIONS: ReadonlyArray<[slug: string, title: string]> = [
  ['qatar', 'Qatar holidays'],
  ['hong-kong', 'Hong Kong holidays'],
  ['group-departures', 'Group departures'],
  ['dubai-stopover', 'Dubai stopover'],
  ['saudi', 'Saudi Arabia holidays'],
  ['qatar-stopover', 'Qatar stopover'],
]

test.describe('holidays', () => {
  test('the page types destination names and filters the packages', async ({ page }) => {
    await page.goto('/holidays')
    const main = page.locator('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Holidays')
    await expect(page).toHaveTitle('Holidays · Paryatan')

    // The typed line changes over time; screen readers get the whole list instead.
    const typed = page.getByTestId('typing-text')
    await expect(typed).toHaveText('Bali', { timeout: 3_000 })
    await expect(typed).toHaveText('Dubai', { timeout: 5_000 })
    await expect(page.getByTestId('typing-line')).toHaveAttribute('aria-hidden', 'true')
    await expect(
      main.getByText('Holidays to Bali, Dubai, the Maldives, Goa, Kashmir, Kerala, Japan and Ladakh.'),
    ).toBeAttached()

    const cards = page.getByTestId('package-card')
    const titles = () => cards.getByRole('heading', { level: 3 }).allTextContents()
    const pill = (name: string) => main.getByRole('button', { name, exact: true })
    await expect(pill('Top Destination')).toHaveAttribute('aria-pressed', 'true')
    await expect(cards).toHaveCount(8)
    await expect(cards.first()).toContainText('International')
    await expect(cards.first()).toContainText('From ₹64,900 per person')

    await pill('Trending').click()
    await expect(pill('Trending')).toHaveAttribute('aria-pressed', 'true')
    await expect(cards).toHaveCount(5)
    expect(await titles()).toEqual(['Bali', 'Dubai', 'Maldives', 'Goa', 'Kashmir'])

    await pill('International').click()
    await expect(cards).toHaveCount(10)
    await expect(main.getByRole('link', { name: 'New Zealand' })).toBeVisible()

    await pill('Domestic').click()
    await expect(cards).toHaveCount(10)
    await expect(main.getByRole('link', { name: 'Coorg' })).toBeVisible()
    await expect(main.getByLabel('Scope')).toHaveCount(0)
  })

  test('Budget filters by scope and band, and a new scope starts at its first band', async ({ page }) => {
    await page.goto('/holidays')
    const main = page.locator('main')
    await main.getByRole('button', { name: 'Budget', exact: true }).click()
    const scope = main.getByLabel('Scope')
    const band = main.getByLabel('Budget')
    const cards = page.getByTestId('package-card')
    await expect(scope).toHaveValue('Domestic')
    await expect(cards.getByRole('heading')).toHaveText(['Rishikesh', 'Goa', 'Manali'])

    await band.selectOption({ label: '₹30,000 to ₹50,000' })
    await expect(cards.getByRole('heading')).toHaveText(['Kashmir', 'Andaman'])

    await scope.selectOption('International')
    await expect(band.locator('option:checked')).toHaveText('Under ₹40,000')
    await expect(cards.getByRole('heading')).toHaveText(['Dubai'])
    await band.selectOption({ label: '₹1,50,000 and above' })
    await expect(cards.getByRole('heading')).toHaveText(['Paris', 'Japan', 'New Zealand'])
    await expect(cards.first()).toContainText('From ₹1,69,900 per person')
  })

  test('a package card hands off to the concierge', async ({ page }) => {
    await page.goto('/holidays')
    await page.locator('main').getByRole('link', { name: 'Singapore and Malaysia' }).click()
    await expectPath(page, '/go/concierge?from=holidays&topic=holidays&card=Singapore+and+Malaysia')
    await expect(page.locator('main h1')).not.toHaveText('Page not found')
  })

  for (const [slug, title] of DESTINATIONS) {
    test(`/holidays/${slug} is a guide with a concierge hand-off`, async ({ page }) => {
      await page.goto('/holidays')
      await page.locator('main').getByRole('link', { name: title, exact: true }).click()
      await expectPath(page, `/holidays/${slug}`)
      const main = page.locator('main')
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page).toHaveTitle(`${title} · Paryatan`)
      for (const section of ['Highlights', 'Best time to visit', 'Visa for Indian passport holders']) {
        await expect(main.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible()
      }
      await expect(main.getByRole('heading', { level: 2, name: /^Typical itinerary/ })).toBeVisible()
      await expect(main.getByText(/^From ₹/)).toBeVisible()
      await main.getByRole('link', { name: 'Plan this trip with a concierge' }).click()
      await expectPath(
        page,
        `/go/concierge?${new URLSearchParams({ from: 'holidays', topic: 'holidays', card: title })}`,
      )
    })
  }

  test('an unknown holiday destination is not found', async ({ page }) => {
    await page.goto('/holidays/atlantis')
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText('Page not found')
  })

  test('the pages pass an accessibility check and fit a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const path of ['/holidays', '/holidays/qatar']) {
      await page.goto(path)
      await expect(page.locator('main h1')).toBeVisible()
      const results = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      expect(results.violations, path).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
})

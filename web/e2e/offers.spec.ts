import type { Page } from '@playwright/test'
import { expect, expectPath, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const filter = (page: Page) => main(page).getByRole('group', { name: 'Filter offers' })
const cards = (page: Page) => main(page).getByTestId('offer-card')

test.describe('offers page', () => {
  test('shows the six offers and the MyBiz explainer', async ({ page }) => {
    await page.goto('/offers')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
    await expect(page).toHaveTitle('Offers · Paryatan')
    await expect(filter(page).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    await expect(cards(page)).toHaveCount(6)
    for (const text of [
      'Up to 100% Refund on Visa Rejection',
      'Free Seat with VISA Card*',
      'Flat ₹175 off on domestic flights',
      'Flat ₹500 off on hotel stays',
    ]) {
      await expect(cards(page).getByRole('heading', { name: text, exact: true })).toBeVisible()
    }
    const explainer = main(page).getByRole('region', { name: 'Corporate travel with MyBiz' })
    await expect(explainer.getByRole('heading', { name: 'GST invoices' })).toBeVisible()
    await expect(explainer.getByRole('heading', { name: 'Central billing' })).toBeVisible()
    await expect(explainer.getByRole('heading', { name: 'Travel policy' })).toBeVisible()
  })

  test('filters by Holiday, Flight and Hotel and back to All', async ({ page }) => {
    await page.goto('/offers')
    const expected: ReadonlyArray<[type: string, count: number]> = [
      ['Holiday', 2],
      ['Flight', 2],
      ['Hotel', 2],
      ['All', 6],
    ]
    for (const [type, count] of expected) {
      await filter(page).getByRole('button', { name: type }).click()
      await expect(filter(page).getByRole('button', { name: type })).toHaveAttribute('aria-pressed', 'true')
      await expect(cards(page)).toHaveCount(count)
      if (type !== 'All') {
        for (const card of await cards(page).all()) await expect(card.getByText(type, { exact: true })).toBeVisible()
      }
    }
  })

  test('an offer card hands its title to the concierge', async ({ page }) => {
    await page.goto('/offers')
    await filter(page).getByRole('button', { name: 'Flight' }).click()
    await cards(page).getByRole('link', { name: 'Free Seat with VISA Card*' }).click()
    await expectPath(page, '/go/concierge?from=offers&card=Free+Seat+with+VISA+Card*')
  })

  test('every offer card leads to the concierge', async ({ page }) => {
    await page.goto('/offers')
    for (const link of await cards(page).getByRole('link').all()) {
      const href = (await link.getAttribute('href')) ?? ''
      const url = new URL(href, 'https://paryatan.in')
      expect(url.pathname).toBe('/go/concierge')
      expect(url.searchParams.get('from')).toBe('offers')
      expect(url.searchParams.get('card')).toBe(await link.textContent())
    }
  })

  test("'Speak to a Concierge' opens /go/concierge?from=offers", async ({ page }) => {
    await page.goto('/offers')
    await main(page).getByRole('link', { name: 'Speak to a Concierge' }).click()
    await expectPath(page, '/go/concierge?from=offers')
  })

  test("'Sign in to MyBiz' opens the sign-in dialog on the MyBiz account", async ({ page }) => {
    await page.goto('/offers')
    await main(page).getByRole('button', { name: 'Sign in to MyBiz' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('MYBIZ ACCOUNT', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('tab')).toHaveCount(0)
  })

  test('fits a 360 px wide phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/offers')
    await expect(cards(page)).toHaveCount(6)
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(scroll).toBeLessThanOrEqual(inner ?? 360)
  })
})

import AxeBuilder from '@axe-core/playwright'
import { expect, expectPath, test } from './fixtures'

test.describe('cruises', () => {
  test('Search stays disabled until destination, port and duration are chosen, then hands off', async ({ page }) => {
    await page.goto('/cruises')
    const main = page.locator('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Cruises')
    await expect(page).toHaveTitle('Cruises · Paryatan')
    const form = main.getByRole('form', { name: 'Search cruises' })
    const search = form.getByRole('button', { name: 'Search' })
    await expect(form.getByRole('button', { name: '2 adults' })).toBeVisible()
    await expect(search).toBeDisabled()
    await expect(form.getByText('Choose Going to, Departure port and Duration to search.')).toBeVisible()

    await form.getByLabel('Going to').selectOption('Mediterranean')
    await form.getByLabel('Departure port').selectOption('Barcelona')
    await expect(search).toBeDisabled()
    await expect(form.getByText('Choose Duration to search.')).toBeVisible()
    await form.getByLabel('Duration').selectOption('8–10 nights')
    await expect(search).toBeEnabled()

    await form.getByRole('button', { name: '2 adults' }).click()
    await page.getByRole('button', { name: 'Add child' }).click()
    await page.keyboard.press('Escape')
    const month = form.getByLabel('Travel dates')
    const second = await month.locator('option').nth(2).getAttribute('value')
    await month.selectOption(second ?? '')
    await search.click()
    const query = new URLSearchParams({
      from: 'cruises',
      to: 'Mediterranean',
      port: 'Barcelona',
      dates: second ?? '',
      duration: '8–10 nights',
      pax: '2 adults, 1 child',
    })
    await expectPath(page, `/go/concierge?${query}`)
    await expect(page.locator('main h1')).not.toHaveText('Page not found')
  })

  test('a destination card and Start a chat hand off to the concierge', async ({ page }) => {
    await page.goto('/cruises')
    const destinations = page.getByRole('region', { name: 'Top destinations' })
    await expect(destinations.getByText('128 cruises')).toBeVisible()
    await destinations.getByRole('link', { name: 'Norway and Iceland' }).click()
    await expectPath(page, '/go/concierge?from=cruises&to=Norway+and+Iceland')

    await page.goto('/cruises')
    await page.getByRole('link', { name: 'Start a chat' }).click()
    await expectPath(page, '/go/concierge?from=cruises')
  })

  test('shows reviews, cruise lines, an FAQ whose items open on their own, and articles', async ({ page }) => {
    await page.goto('/cruises')
    const reviews = page.getByRole('region', { name: 'What cruisers say' })
    await expect(reviews).toContainText('4.9 out of 5')
    await expect(reviews).toContainText('from 457 reviews')
    await expect(reviews.getByRole('listitem')).toHaveText([/^5 stars/, /^4 stars/, /^3 stars/, /^2 stars/, /^1 star/])
    await expect(reviews.getByRole('listitem').first()).toContainText('431 reviews')

    await expect(page.getByRole('region', { name: 'Cruise lines we book' })).toContainText('Cordelia Cruises')

    const faq = page.getByRole('region', { name: 'Frequently asked questions' })
    const change = faq.getByRole('button', { name: 'Can I change or cancel my cruise after booking?' })
    const food = faq.getByRole('button', { name: 'Is vegetarian or Jain food available on board?' })
    await change.click()
    await expect(faq.getByText(/Changes up to 75 days before sail \(varies by line\)/)).toBeVisible()
    await food.click()
    await expect(change).toHaveAttribute('aria-expanded', 'true')
    await expect(food).toHaveAttribute('aria-expanded', 'true')
    await change.click()
    await expect(change).toHaveAttribute('aria-expanded', 'false')
    await expect(food).toHaveAttribute('aria-expanded', 'true')

    const articles = page.getByRole('region', { name: 'Read before you sail' })
    await articles.getByRole('link', { name: 'Your first cruise from India' }).click()
    await expectPath(page, '/blogs/first-cruise-from-india')
    await page.goBack()
    await page.getByRole('region', { name: 'Read before you sail' }).getByRole('link', { name: 'See more' }).click()
    await expectPath(page, '/blogs')
  })

  test('the page passes an accessibility check and fits a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/cruises')
    await expect(page.locator('main h1')).toBeVisible()
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(results.violations).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

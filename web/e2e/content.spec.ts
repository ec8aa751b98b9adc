import type { Page } from '@playwright/test'
import { expect, expectPath, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const KERALA = "Kerala in the monsoon: a traveller's guide for June to September"

test.describe('blog', () => {
  test('lists the posts, narrows them by topic, opens one and hands the reader to a concierge', async ({ page }) => {
    await page.goto('/blogs')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible()
    const cards = main(page).getByTestId('post-card')
    expect(await cards.count()).toBeGreaterThanOrEqual(8)

    const topics = main(page).getByRole('navigation', { name: 'Topics' })
    await topics.getByRole('link', { name: 'Monsoon' }).click()
    await expectPath(page, '/blogs?tag=monsoon')
    await expect(page).toHaveTitle('Monsoon · Blogs · Paryatan')
    await expect(cards).toHaveCount(2)

    await cards.getByRole('link', { name: KERALA }).click()
    await expectPath(page, '/blogs/monsoon-in-kerala')
    await expect(main(page).getByRole('heading', { level: 1, name: KERALA })).toBeVisible()
    await expect(page).toHaveTitle(`${KERALA} · Paryatan`)
    const article = main(page).getByRole('article', { name: KERALA })
    await expect(article.getByRole('heading', { level: 2, name: 'Ayurveda season' })).toBeVisible()
    await expect(main(page).getByRole('img', { name: /houseboat/ })).toBeVisible()

    await main(page).getByRole('complementary', { name: 'Plan this trip' }).getByRole('link').click()
    await expectPath(page, '/go/concierge?from=monsoon-in-kerala')
    await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue(
      'Found via blog: monsoon-in-kerala',
    )
  })

  test('links inside a post stay in the app, and an unknown post is not found', async ({ page }) => {
    await page.goto('/blog/dubai-visa-for-indians')
    const article = main(page).getByRole('article')
    await article.locator('a[href="/go/concierge?from=dubai-visa-for-indians"]').click()
    await expectPath(page, '/go/concierge?from=dubai-visa-for-indians')
    // Still the same document: the header's sign-in button never went away.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible()

    await page.goto('/blogs/no-such-post')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  })

  test('the cruise page’s articles open real posts', async ({ page }) => {
    await page.goto('/cruises')
    await main(page).getByRole('link', { name: 'See more' }).click()
    await expectPath(page, '/blogs')
    await page.goto('/cruises')
    const article = main(page).locator('a[href="/blogs/cruise-packing-list"]').first()
    await article.click()
    await expectPath(page, '/blogs/cruise-packing-list')
    await expect(main(page).getByRole('heading', { level: 1 })).not.toHaveText('Page not found')
  })
})

test.describe('help and company pages', () => {
  test('web check-in finds an airline and links to its own site', async ({ page }) => {
    await page.goto('/checkin')
    await main(page).getByRole('searchbox', { name: 'Find your airline' }).fill('6E')
    const link = main(page).getByRole('link', { name: /^Check in on the IndiGo website/ })
    await expect(link).toHaveAttribute('href', 'https://www.goindigo.in/web-check-in.html')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(main(page).getByTestId('checkin-airline')).toHaveCount(1)
  })

  test('careers filters by team and applies by e-mail', async ({ page }) => {
    await page.goto('/careers')
    await main(page)
      .getByRole('group', { name: 'Filter roles by team' })
      .getByRole('button', { name: 'Engineering' })
      .click()
    await expect(main(page).getByTestId('role-card')).toHaveCount(2)
    const apply = main(page).getByRole('link', { name: 'Apply by e-mail for Senior backend engineer (Go)' })
    await expect(apply).toHaveAttribute('href', /^mailto:careers@paryatan\.in\?subject=Application%3A%20Senior/)
  })

  test('the privacy notice names the grievance officer; the FAQ opens answers one by one', async ({ page }) => {
    await page.goto('/privacy')
    await expect(
      main(page)
        .getByText(/Digital Personal Data Protection Act, 2023/)
        .first(),
    ).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'grievance@paryatan.in' }).first()).toHaveAttribute(
      'href',
      'mailto:grievance@paryatan.in',
    )
    await page.goto('/faq')
    const question = main(page).getByRole('button', { name: 'How long does a refund take?' })
    await question.click()
    await expect(question).toHaveAttribute('aria-expanded', 'true')
    await expect(
      main(page)
        .getByText(/5–7 working days/)
        .first(),
    ).toBeVisible()
  })

  test('a visa guide sends the traveller to Paryatan Visa, which asks a visitor to sign in', async ({ page }) => {
    await page.goto('/visas/schengen')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Schengen visa for Indians' })).toBeVisible()
    await main(page).getByRole('link', { name: 'Apply with Paryatan Visa' }).click()
    await expectPath(page, '/go/visa')
    await expect(page.getByRole('dialog')).toBeVisible()
  })
})

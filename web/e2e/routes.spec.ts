import { expect } from '@playwright/test'
import { appTest as test, bringInFooter } from './fixtures'

// Every public path of the route table (product spec 2.1) with the heading its page shows.
const PUBLIC_PAGES: ReadonlyArray<[path: string, heading: string]> = [
  ['/', 'Welcome to Paryatan'],
  ['/flights', 'Flights'],
  ['/flights/form', 'Search flights'],
  ['/holidays', 'Holidays'],
  ['/mice', 'Corporate meetings and offsites, handled end to end'],
  ['/support', 'Support'],
  ['/hotels', 'Hotels'],
  ['/cruises', 'Cruises'],
  ['/contact', 'Contact us'],
  ['/offers', 'Offers'],
  ['/go/concierge', 'Plan your trip with a Paryatan concierge'],
  ['/careers', 'Careers'],
  ['/blogs', 'Blogs'],
  ['/blogs/monsoon-in-kerala', "Kerala in the monsoon: a traveller's guide for June to September"],
  ['/blog/monsoon-in-kerala', "Kerala in the monsoon: a traveller's guide for June to September"],
  ['/about', 'About us'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of use'],
  ['/cancellation', 'Cancellation and refund policy'],
  ['/cookies', 'Cookie policy'],
  ['/accessibility', 'Accessibility'],
  ['/info', 'Baggage and contact info'],
  ['/faq', 'Frequently asked questions'],
  ['/checkin', 'Web check-in'],
  ['/visas/dubai', 'Dubai visa for Indians'],
  ['/auth/login', 'Sign in'],
  ['/auth/register', 'Create account'],
]

// Paths that need a session: a visitor gets the sign-in dialog and an empty page.
const PROTECTED_PAGES = [
  '/flights/fare',
  '/flights/review',
  '/flights/booking/0b6c1a52-8d7e-4a38-9d55-3f1f5c0f2a11?payment=paid',
  '/account',
  '/account/profile',
  '/account/co-travellers',
  '/account/devices',
  '/account/reset-password',
  '/account/trips',
  '/account/wallet',
  '/account/payments',
  '/account/wishlist',
]

const REDIRECTS: ReadonlyArray<[from: string, to: string]> = [
  ['/flights/search?from=BOM&to=DEL&date=2026-12-01&adults=2', '/flights?from=BOM&to=DEL&date=2026-12-01&adults=2'],
  ['/flight?traceId=tr-1&resultIndex=OB7', '/flights/fare?traceId=tr-1&resultIndex=OB7'],
  ['/visa', '/go/visa'],
  ['/visas', '/go/visa'],
  ['/concierge?from=home&topic=holidays&card=Bali', '/go/concierge?from=home&topic=holidays&card=Bali'],
  ['/blog', '/blogs'],
  ['/my-trips', '/account/trips'],
  ['/signin?ret=%2Fcontact', '/auth/login?ret=%2Fcontact'],
]

function pathOf(url: string): string {
  const u = new URL(url)
  return u.pathname + u.search
}

test.describe('route table', () => {
  for (const [path, heading] of PUBLIC_PAGES) {
    test(`${path} renders the app with the heading "${heading}"`, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('main').getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      await expect(page.getByRole('banner').getByRole('link', { name: 'Paryatan home' })).toBeVisible()
      await bringInFooter(page)
      await expect(page).toHaveTitle(/ · Paryatan$/)
    })
  }

  for (const path of PROTECTED_PAGES) {
    test(`${path} asks a visitor to sign in and shows no page content`, async ({ page }) => {
      await page.goto(path)
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('tab', { name: 'PERSONAL ACCOUNT' })).toBeVisible()
      await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
      await expect(page.locator('main h1')).toHaveCount(0)
      expect(pathOf(page.url())).toBe(path)
    })
  }

  for (const path of ['/go/visa', '/go-for-visa?country=ae']) {
    test(`${path} opens the sign-in dialog for a visitor and says so`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('dialog').getByLabel('Mobile Number')).toBeVisible()
      await expect(page.locator('main').getByText('Opening sign-in…')).toBeAttached()
      expect(pathOf(page.url())).toBe(path)
    })
  }

  test('/account/logout tells a visitor they are logged out instead of asking them to sign in', async ({ page }) => {
    await page.goto('/account/logout')
    await expect(page.locator('main').getByRole('heading', { level: 1, name: 'Logout' })).toBeVisible()
    await expect(page.getByText('You have been logged out.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible()
  })

  for (const [from, to] of REDIRECTS) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      await page.goto('/support')
      await page.evaluate((target) => {
        window.history.pushState({}, '', target)
        window.dispatchEvent(new PopStateEvent('popstate'))
      }, from)
      await expect.poll(() => pathOf(page.url())).toBe(to)
      // The redirect replaced the old address: one step back is the page before it.
      await page.goBack()
      await expect.poll(() => pathOf(page.url())).toBe('/support')
    })

    test(`${from} redirects to ${to} on a fresh load`, async ({ page }) => {
      await page.goto(from)
      await expect.poll(() => pathOf(page.url())).toBe(to)
    })
  }

  test('an unknown path shows "Page not found" and its Home link works', async ({ page }) => {
    await page.goto('/this/page/does-not-exist?x=1')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await page.locator('main').getByRole('link', { name: 'Home', exact: true }).click()
    await expect.poll(() => pathOf(page.url())).toBe('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Paryatan' })).toBeVisible()
  })

  test('/sso/consume hands the ticket and return path to the partner (or offers the link)', async ({
    page,
    baseURL,
  }) => {
    const ownOrigin = new URL(baseURL ?? 'http://localhost').origin
    // Which case applies depends on the server's runtime config: read it as the app does.
    await page.goto('/support')
    const partner = await page.evaluate(() => {
      const fromGlobal = (window as { __PARYATAN_CONFIG__?: { visaPartnerOrigin?: string } }).__PARYATAN_CONFIG__
      const meta = document.querySelector('meta[name="paryatan-config"]')?.getAttribute('content')
      const raw =
        fromGlobal?.visaPartnerOrigin ??
        (meta ? (JSON.parse(meta) as { visaPartnerOrigin?: string }).visaPartnerOrigin : '')
      try {
        return raw ? new URL(raw).origin : ''
      } catch {
        return ''
      }
    })
    // A configured partner lives on another origin: answer for it instead of leaving the machine.
    await page.context().route(
      (url) => url.origin !== ownOrigin,
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Partner</h1>' }),
    )
    const expected = `/sso/consume?ticket=tk-42&ret=${encodeURIComponent('/go-for-visa?country=ae')}`
    await page.goto('/sso/consume?ticket=tk-42&return=%2Fgo-for-visa%3Fcountry%3Dae')
    if (partner && partner !== ownOrigin) {
      await expect.poll(() => page.url()).toBe(partner + expected)
    } else {
      await expect(page.getByRole('heading', { level: 1, name: 'Redirecting…' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'continue to Visa' })).toHaveAttribute('href', expected)
      await page.waitForTimeout(300)
      expect(pathOf(page.url())).toBe('/sso/consume?ticket=tk-42&return=%2Fgo-for-visa%3Fcountry%3Dae')
    }
  })
})

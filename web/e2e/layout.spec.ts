import { expect, type Page } from '@playwright/test'
import { appTest as test, bringInFooter, test as apiTest, uniqueEmail } from './fixtures'

const SLOGANS = [
  'Corporate Booking',
  'Enterprise Bookings',
  'Social Booking',
  'MICE Booking',
  'Holiday Booking',
  'VISA Booking',
]

async function expectPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path)
}

// The visa page needs sign-in: a visitor who follows its link gets the sign-in dialog over it.
const SIGN_IN_REQUIRED = new Set(['/go/visa'])

async function expectPageOrSignIn(page: Page, path: string) {
  if (!SIGN_IN_REQUIRED.has(path)) {
    await expect(page.locator('main h1')).toBeVisible()
    return
  }
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
  await expect(page.locator('main').getByText('Opening sign-in…')).toBeAttached()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

test.describe('header', () => {
  const MAIN = [
    ['Flights', '/flights'],
    ['Hotels', '/hotels'],
    ['Visa', '/go/visa'],
    ['Holidays', '/holidays'],
    ['MICE', '/mice'],
  ] as const
  const SECONDARY = [
    ['Blogs', '/blogs'],
    ['Offers', '/offers'],
    ['Cruises', '/cruises'],
  ] as const

  test('main and secondary links go where the spec says', async ({ page }) => {
    await page.goto('/support')
    const header = page.getByRole('banner')
    for (const [label, path] of [...MAIN, ...SECONDARY]) {
      const link = header.getByRole('link', { name: label, exact: true })
      await expect(link).toHaveAttribute('href', path)
      await link.click()
      await expectPath(page, path)
      await expectPageOrSignIn(page, path)
    }
    await header.getByRole('link', { name: 'Paryatan home' }).click()
    await expectPath(page, '/')
  })

  test('the slogan rotates through the six slogans', async ({ page }) => {
    await page.goto('/')
    const slogan = page.getByTestId('header-slogan').first()
    const first = (await slogan.textContent()) ?? ''
    expect(SLOGANS).toContain(first)
    await expect(slogan).not.toHaveText(first, { timeout: 3_500 })
    const second = (await slogan.textContent()) ?? ''
    expect(SLOGANS.indexOf(second)).toBe((SLOGANS.indexOf(first) + 1) % SLOGANS.length)
  })

  test("'Business' opens the dialog locked to MyBiz", async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Business' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('MYBIZ ACCOUNT', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('tab')).toHaveCount(0)
    await expect(dialog.getByText('PERSONAL ACCOUNT')).toHaveCount(0)
  })

  test("'Sign in' opens the dialog with both tabs; Escape, the close button and the backdrop close it", async ({
    page,
  }) => {
    await page.goto('/')
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' })
    const dialog = page.getByRole('dialog')

    await signIn.click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('tab', { name: 'PERSONAL ACCOUNT' })).toBeVisible()
    await expect(dialog.getByRole('tab', { name: 'MYBIZ ACCOUNT' })).toBeVisible()
    await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await signIn.click()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()

    await signIn.click()
    await expect(dialog).toBeVisible()
    // A click outside while the dialog is still animating open is not a
    // dismissal; click once it has settled, as a person would.
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
    await page.mouse.click(5, 790)
    await expect(dialog).toBeHidden()
  })

  test('the dialog validates the mobile number and its carousel advances', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click()
    const dialog = page.getByRole('dialog')
    const mobile = dialog.getByLabel('Mobile Number')
    const next = dialog.getByRole('button', { name: 'Continue', exact: true })
    await expect(next).toBeDisabled()
    await mobile.fill('12345')
    await expect(dialog.getByText('Please enter a valid Mobile Number.')).toBeVisible()
    await mobile.fill('98765 43210')
    await expect(next).toBeEnabled()
    await next.click()
    await expect(dialog.getByText('Mobile OTP login coming soon. Use Email or Google for now.')).toBeVisible()

    const caption = dialog.getByTestId('sign-in-slide-caption')
    await expect(caption).toHaveText('Lock Flight Prices & Pay Later')
    await expect(caption).toHaveText('Book Hotels at Exclusive Rates', { timeout: 4_000 })
    await dialog.getByRole('button', { name: /Show slide 4/ }).click()
    await expect(caption).toHaveText('Visa Assistance Without Hassle')
  })

  test('the menu drawer carries the links on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    await expect(drawer.getByRole('link', { name: 'Cruises' })).toBeVisible()
    await drawer.getByRole('link', { name: 'Hotels' }).click()
    await expectPath(page, '/hotels')
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Hotels' })).toBeVisible()
  })
})

test.describe('footer', () => {
  const LINKS = [
    ['Visa', '/go/visa'],
    ['Cruises', '/cruises'],
    ['Hotels', '/hotels'],
    ['Flights', '/flights'],
    ['About us', '/about'],
    ['Blogs', '/blogs'],
    ['Offers', '/offers'],
    ['Contact us', '/contact'],
    ['Sign Up', '/auth/register'],
    ['Login', '/auth/login'],
    ['Privacy policy', '/privacy'],
    ['Terms of use', '/terms'],
    ['Cancellation policy', '/cancellation'],
    ['Cookie policy', '/cookies'],
    ['Accessibility', '/accessibility'],
  ] as const

  test('every footer link goes where the spec says', async ({ page }) => {
    await page.goto('/support')
    const footer = page.getByRole('contentinfo')
    for (const [label, path] of LINKS) {
      await bringInFooter(page)
      const link = footer.getByRole('link', { name: label, exact: true })
      await expect(link).toHaveAttribute('href', path)
      await link.click()
      await expectPath(page, path)
      await expectPageOrSignIn(page, path)
    }
  })

  test('agents group, contact details, social placeholders and copyright', async ({ page }) => {
    await page.goto('/')
    await bringInFooter(page)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('heading', { name: 'For agents' })).toBeVisible()
    await expect(footer.getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+911244005500')
    await expect(footer.getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:care@paryatan.in')
    const social = footer.getByTestId('social-placeholders').getByRole('img')
    await expect(social).toHaveCount(5)
    await expect(footer.getByTestId('social-placeholders').getByRole('link')).toHaveCount(0)
    const year = new Date().getFullYear()
    await expect(footer.getByTestId('copyright')).toHaveText(
      `© ${year} Paryatan Travel Private Limited. All rights reserved.`,
    )
  })
})

test.describe('scroll', () => {
  test('a link goes to the top; back restores the earlier position', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 420 })
    await page.goto('/hotels')
    await expect(page.getByRole('heading', { level: 1, name: 'Hotels' })).toBeVisible()
    await bringInFooter(page)
    const maxY = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    expect(maxY).toBeGreaterThan(400)
    // The bottom of the page, so that clicking the footer link does not scroll any further.
    const target = maxY
    await page.mouse.move(400, 300)
    await page.evaluate((y) => window.scrollTo(0, y), target)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(target)
    await page.waitForTimeout(150)

    await page.getByRole('contentinfo').getByRole('link', { name: 'Offers', exact: true }).click()
    await expectPath(page, '/offers')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.goBack()
    await expectPath(page, '/hotels')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(target - 5)
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(target + 5)
  })
})

apiTest.describe('header width', () => {
  for (const width of [390, 1024, 1280, 1440]) {
    apiTest(`fits ${width} px signed in with a long name, every action reachable`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      const res = await page.request.post('/api/auth/register', {
        data: {
          fullName: 'Venkataraghavan Subramaniam',
          email: uniqueEmail(`header${width}`),
          password: 'monsoon-trek-42',
        },
      })
      expect(res.status(), await res.text()).toBe(201)
      await page.goto('/')
      const greeting = page.getByRole('banner').getByRole('button', { name: 'Hi, Venkataraghavan' })
      const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' })
      await expect(greeting.or(menu)).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
      if (await menu.isVisible()) {
        await menu.click()
        await expect(page.getByRole('dialog').getByRole('link', { name: 'Flights' })).toBeVisible()
      } else {
        await expect(page.getByRole('banner').getByRole('link', { name: 'Flights' })).toBeInViewport()
        await expect(greeting).toBeInViewport()
      }
    })
  }
})

test('the first Tab reaches "Skip to main content", which moves focus past the header', async ({ page }) => {
  await page.goto('/offers')
  await expect(page.locator('main h1')).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  await page.keyboard.press('Tab')
  // The next stop is inside the page, not the header's links.
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
})

test.describe('a page whose code is gone since the tab opened', () => {
  // A release replaces the app's chunks: a tab opened before it asks for files the server no longer has.
  const MICE_CHUNK = /\/assets\/mice-[\w-]+\.js$/

  async function openSupport(page: Page) {
    await page.goto('/support')
    await expect(page.locator('main h1')).toBeVisible()
    // Gone after a full load.
    await page.evaluate(() => Object.assign(window, { tabOpenedBefore: true }))
  }

  const sameTab = (page: Page) => page.evaluate(() => 'tabOpenedBefore' in window)

  test('loads again and shows the page', async ({ page }) => {
    let refused = 0
    await page.route(MICE_CHUNK, (route) => (refused++ === 0 ? route.fulfill({ status: 404 }) : route.continue()))
    await openSupport(page)
    const reloaded = page.waitForEvent('load')
    await page.getByRole('banner').getByRole('link', { name: 'MICE', exact: true }).click()
    await reloaded
    await expectPath(page, '/mice')
    await expect(page.getByRole('group', { name: 'Event type' })).toBeVisible()
    expect(await sameTab(page)).toBe(false)
    expect(refused).toBe(2)
  })

  test('says so, once loading again did not help, and tries again on request', async ({ page }) => {
    await page.route(MICE_CHUNK, (route) => route.fulfill({ status: 404 }))
    await openSupport(page)
    await page.getByRole('banner').getByRole('link', { name: 'MICE', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
    await expectPath(page, '/mice')
    await page.unroute(MICE_CHUNK)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('group', { name: 'Event type' })).toBeVisible()
  })
})

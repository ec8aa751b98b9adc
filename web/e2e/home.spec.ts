import type { Page } from '@playwright/test'
import { createAccount, expect, expectApiServer, expectPath, shownDay, test } from './fixtures'

const main = (page: Page) => page.getByRole('main')
const deals = (page: Page) => main(page).getByRole('region', { name: 'Deals' })
const explore = (page: Page) => main(page).getByRole('region', { name: 'Explore Paryatan' })
const help = (page: Page) => main(page).getByRole('region', { name: 'Stay in touch and get help' })
const chips = (page: Page, group: string) => main(page).getByRole('navigation', { name: group })

/** The title of the deal on screen, from the dot marked current. */
async function currentDeal(page: Page): Promise<string> {
  const label = await deals(page).locator('button[aria-current="true"]').getAttribute('aria-label')
  return /^Show (.*) deals$/.exec(label ?? '')?.[1] ?? ''
}

const EXPLORE_TARGETS: ReadonlyArray<[title: string, path: string]> = [
  ['Visa', '/go/visa'],
  ['Dubai visa', '/visas/dubai'],
  ['Singapore visa', '/visas/singapore'],
  ['Holidays', '/go/concierge?from=home&topic=holidays&card=Holidays'],
  ['Qatar holidays', '/holidays/qatar'],
  ['Hong Kong holidays', '/holidays/hong-kong'],
  ['Stopover', '/go/concierge?from=home&topic=stopover&card=Stopover'],
  ['Dubai stopover', '/holidays/dubai-stopover'],
  ['Group departures', '/holidays/group-departures'],
]

async function openHome(page: Page) {
  await page.goto('/')
  // The sections below the search panel load once wanted: on a phone they start below the
  // fold, and the visitor's first scroll fetches them.
  await expect(main(page).getByRole('tab', { name: 'Flights' })).toBeVisible()
  await page.mouse.wheel(0, 300)
  await expect(deals(page)).toBeVisible()
}

test.describe('the first screen', () => {
  test('arrives in the HTML, without a date, and the app takes it over; other pages bring the frame', async ({
    page,
    browser,
  }) => {
    // Without scripts: the heading and the search panel, as the build rendered them, inert.
    const still = await browser.newContext({ javaScriptEnabled: false })
    const bare = await still.newPage()
    await bare.goto('/')
    await expect(bare.locator('#root > [inert] h1')).toHaveText('Welcome to Paryatan')
    await expect(bare.locator('#root > [inert]')).toContainText('Search Flights')
    // The build's today is not the visitor's: the departure date is left for the app to fill.
    await expect(bare.locator('#root > [inert] input[placeholder="dd-mm-yyyy"]').first()).toHaveValue('')
    // Every other page's HTML brings the frame they share: the header over the loading page, never a
    // blank screen while the scripts come, and no heading of a page it is not.
    await bare.goto('/hotels')
    await expect(bare.locator('#root > [inert] header')).toBeVisible()
    await expect(bare.locator('#root > [inert] [data-testid="page-loading"]')).toBeVisible()
    await expect(bare.locator('#root h1')).toHaveCount(0)
    await still.close()

    await page.goto('/')
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Welcome to Paryatan' })).toBeVisible()
    await expect(main(page).getByRole('textbox', { name: 'Departure' })).toHaveValue(shownDay(0))
    await page.goto('/hotels')
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Hotels' })).toBeVisible()
  })
})

test.describe('home page below the search panel', () => {
  // Each journey loads the home page and then another; a busy two-core machine needs more than the default.
  test.describe.configure({ timeout: 60_000 })

  test('shows the deals, Explore, the refund promise, help cards and quick links', async ({ page }) => {
    await openHome(page)
    await expect(deals(page).getByText('100% Refund*')).toBeVisible()
    await expect(deals(page).getByRole('button', { name: /^Show .* deals$/ })).toHaveCount(5)
    await expect(explore(page).getByRole('heading', { level: 2, name: 'Explore Paryatan' })).toBeVisible()
    await expect(explore(page).getByTestId('explore-card')).toHaveCount(9)
    await expect(main(page).getByRole('heading', { name: 'Get 100% Refund in Case of Visa Rejection' })).toBeVisible()
    await expect(main(page).getByText(/On select visas, terms apply/)).toBeVisible()
    for (const title of ['Follow us on Instagram', 'Follow us on X', 'Offers by e-mail', 'Reprint ticket', 'FAQ']) {
      await expect(help(page).getByRole('heading', { name: title, exact: true })).toBeVisible()
    }
    for (const group of [
      'Tourist Visas',
      'Holiday ideas',
      'Airlines',
      'Domestic flights',
      'International flights',
      'Blogs',
      'Customer care',
    ]) {
      await expect(chips(page, group)).toBeVisible()
    }
    await expect(page.locator('main h1')).toHaveCount(1)
  })

  test('the deals move on every 3.8 s, jump from the dots, and stop with Pause', async ({ page }) => {
    await openHome(page)
    // Keep the pointer off the panel: hovering holds the slide.
    await page.mouse.move(0, 0)
    expect(await currentDeal(page)).toBe('Visa')
    await expect.poll(() => currentDeal(page), { timeout: 6_000 }).toBe('Flights')

    await deals(page).getByRole('button', { name: 'Show Cruises deals' }).click()
    expect(await currentDeal(page)).toBe('Cruises')
    await expect(deals(page).getByRole('group', { name: '4 of 5: Cruises' })).toBeInViewport()

    await deals(page).getByRole('button', { name: 'Pause' }).click()
    await page.mouse.move(0, 0)
    await page.waitForTimeout(4_500)
    expect(await currentDeal(page)).toBe('Cruises')
    await expect(deals(page).getByRole('button', { name: 'Play' })).toBeVisible()
  })

  test('does not rotate the deals for a visitor who prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openHome(page)
    await page.mouse.move(0, 0)
    await expect(deals(page).getByRole('button', { name: 'Play' })).toBeVisible()
    await page.waitForTimeout(4_500)
    expect(await currentDeal(page)).toBe('Visa')
  })

  test('a flight deal opens the results for its pair', async ({ page }) => {
    await openHome(page)
    await deals(page).getByRole('button', { name: 'Show Flights deals' }).click()
    await deals(page).getByRole('link', { name: 'Bengaluru → Delhi' }).click()
    await expectPath(page, '/flights?from=BLR&to=DEL')
    await expect(page.getByTestId('search-banner')).toContainText('BLR → DEL')
  })

  for (const [title, path] of EXPLORE_TARGETS) {
    test(`the Explore card "${title}" opens ${path}`, async ({ page }) => {
      await openHome(page)
      const link = explore(page).getByRole('link', { name: title, exact: true })
      await expect(link).toHaveAttribute('href', path)
      await link.click()
      await expectPath(page, path)
      if (path === '/go/visa') {
        // The visa page needs a session: a visitor is asked to sign in.
        await expect(page.getByRole('dialog').getByLabel('Mobile Number')).toBeVisible()
      } else {
        await expect(page.locator('main h1')).not.toHaveText('Page not found')
      }
    })
  }

  test('View offers opens /offers', async ({ page }) => {
    await openHome(page)
    await explore(page).getByRole('link', { name: 'View offers' }).click()
    await expectPath(page, '/offers')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
  })

  test('the help cards lead out to the social networks and to the offers by e-mail', async ({ page }) => {
    await openHome(page)
    const instagram = help(page).getByRole('link', { name: /Paryatan on Instagram/ })
    await expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/paryatan')
    await expect(instagram).toHaveAttribute('target', '_blank')
    await expect(help(page).getByRole('link', { name: /Paryatan on X/ })).toHaveAttribute(
      'href',
      'https://x.com/paryatan',
    )
    await expect(help(page).getByRole('link', { name: 'Subscribe to offers' })).toHaveAttribute(
      'href',
      /^mailto:care@paryatan\.in\?subject=/,
    )
  })

  const HELP_TARGETS: ReadonlyArray<[name: string, path: string]> = [
    ['Read the terms', '/terms'],
    ['See baggage and contact info', '/info'],
    ['Read the FAQ', '/faq'],
    ['Read travel guides', '/blogs'],
  ]
  for (const [name, path] of HELP_TARGETS) {
    test(`"${name}" opens ${path}`, async ({ page }) => {
      await openHome(page)
      await main(page).getByRole('link', { name, exact: true }).click()
      await expectPath(page, path)
      await expect(page.locator('main h1')).not.toHaveText('Page not found')
    })
  }

  const CHIP_TARGETS: ReadonlyArray<[group: string, name: string, path: string]> = [
    ['Tourist Visas', 'Schengen visa', '/visas/schengen'],
    ['Holiday ideas', 'Saudi Arabia', '/holidays/saudi'],
    ['Holiday ideas', 'All holidays', '/holidays'],
    ['Airlines', 'IndiGo', '/flights?from=DEL&to=BOM&airline=6E'],
    ['Domestic flights', 'Delhi to Mumbai', '/flights?from=DEL&to=BOM'],
    ['International flights', 'Mumbai to Dubai', '/flights?from=BOM&to=DXB'],
    ['Blogs', 'Monsoon in Kerala', '/blogs/monsoon-in-kerala'],
    ['Customer care', 'Web check-in', '/checkin'],
    ['Customer care', 'Contact us', '/contact'],
    ['Customer care', 'Careers', '/careers'],
  ]
  for (const [group, name, path] of CHIP_TARGETS) {
    test(`the quick link "${name}" (${group}) opens ${path}`, async ({ page }) => {
      await openHome(page)
      await chips(page, group).getByRole('link', { name, exact: true }).click()
      await expectPath(page, path)
      await expect(page.locator('main h1')).not.toHaveText('Page not found')
    })
  }

  test('fits a 360 px wide phone without sideways scrolling, one card per row', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openHome(page)
    await explore(page).scrollIntoViewIfNeeded()
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 360)
    const [first, second] = await explore(page).getByTestId('explore-card').all()
    const a = await first?.boundingBox()
    const b = await second?.boundingBox()
    expect(b?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1)
  })
})

test.describe('MY TRIP', () => {
  test('asks a visitor to sign in, then opens My Trips', async ({ page, request }) => {
    await expectApiServer(request)
    const account = await createAccount(request, 'mytrip')
    await openHome(page)
    await help(page).getByRole('button', { name: 'MY TRIP' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
    await expectPath(page, '/')
    await dialog.getByRole('button', { name: 'Continue with Email' }).click()
    await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email)
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expectPath(page, '/account/trips')
  })

  test('takes a signed-in traveller straight to My Trips', async ({ page }) => {
    await expectApiServer(page.request)
    await createAccount(page.request, 'mytrip-in')
    await openHome(page)
    await help(page).getByRole('link', { name: 'MY TRIP' }).click()
    await expectPath(page, '/account/trips')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

import type { Page } from '@playwright/test'
import { PAGE_PATHS } from '../src/app/page-paths'
import { axeProblems } from './axe'
import { bringInFooter, createAccount, expect, expectApiServer, test } from './fixtures'

// The whole site as a visitor and as a signed-in traveller reach it: every
// internal link followed from the home page, none leading to 'Page not found';
// every page named (title, meta description, one h1), usable at 360 px wide,
// and free of serious or critical accessibility violations (axe-core, WCAG 2.2 AA).

const SITE_DESCRIPTION = 'Paryatan: flights, hotels, visas, holidays, cruises and MICE travel for travellers in India.'

// Links a crawl must not follow: they end the session or leave the SPA.
const NOT_FOLLOWED = [/^\/account\/logout/, /^\/api\//, /^\/sso\//, /^\/auth\//, /^\/signin/]

// Pages that need a session: a visitor gets the sign-in dialog instead.
const PROTECTED = [
  /^\/account/,
  /^\/my-trips/,
  /^\/flights\/(fare|review|booking)/,
  /^\/flight(\?|$)/,
  /^\/go\/visa/,
  /^\/go-for-visa/,
  /^\/visas?(\?|$)/,
]
const isProtected = (url: string) => PROTECTED.some((re) => re.test(url))

// Pages whose content is the traveller's own (or a flow's step): they share the
// site's description rather than one of their own.
const OWN_DESCRIPTION_EXEMPT = [/^\/account/, /^\/flights\/(fare|review|booking)/, /^\/go\/visa/, /^\/go-for-visa/]

interface Visit {
  url: string
  from: string
}

/** The internal links of the page: same origin, path and query, without the hash. */
async function internalLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
  const out = new Set<string>()
  for (const href of hrefs) {
    const u = new URL(href)
    if (u.origin !== origin || !/^https?:$/.test(u.protocol)) continue
    out.add(u.pathname + u.search)
  }
  return [...out]
}

/** Waits for the page's h1 (lazy routes and data load first), then for the footer, brought in by a scroll. */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 })
  await bringInFooter(page)
  // Pictures and lazily loaded data; a page that keeps polling is measured as it is.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
}

/** Follows the links from start (breadth first) that follow() accepts; returns the pages reached. */
async function crawl(page: Page, start: string[], limit: number, follow: (url: string) => boolean) {
  const seen = new Set<string>()
  const queue: Visit[] = start.map((url) => ({ url, from: '(start)' }))
  const broken: string[] = []
  const pages: string[] = []
  const skipped = new Set<string>()
  while (queue.length > 0 && pages.length < limit) {
    const { url, from } = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    await page.goto(url)
    await settle(page)
    const h1 = (await page.locator('h1').first().innerText()).trim()
    if (h1 === 'Page not found') {
      broken.push(`${url} (linked from ${from})`)
      continue
    }
    pages.push(url)
    for (const link of await internalLinks(page)) {
      if (seen.has(link)) continue
      if (NOT_FOLLOWED.some((re) => re.test(link)) || !follow(link)) skipped.add(link)
      else queue.push({ url: link, from: url })
    }
  }
  return { broken, pages, skipped: [...skipped], unvisited: queue.filter((v) => !seen.has(v.url)).length }
}

/** One URL per path: query variants of a page share its layout. */
function onePerPath(urls: string[]): string[] {
  const byPath = new Map<string, string>()
  for (const url of urls) {
    const path = new URL(url, 'http://x').pathname
    if (!byPath.has(path)) byPath.set(path, url)
  }
  return [...byPath.values()]
}

async function checkPage(page: Page, url: string, problems: string[]) {
  await page.goto(url)
  await settle(page)
  const path = new URL(url, 'http://x').pathname
  const title = await page.title()
  if (!/ · Paryatan$/.test(title)) problems.push(`${url}: document title "${title}"`)
  const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? ''
  if (!description.trim()) problems.push(`${url}: no meta description`)
  else if (description === SITE_DESCRIPTION && !OWN_DESCRIPTION_EXEMPT.some((re) => re.test(path)))
    problems.push(`${url}: the site's meta description, not the page's own`)
  const h1s = await page.locator('h1').count()
  if (h1s !== 1) problems.push(`${url}: ${h1s} h1 elements`)

  problems.push(...(await axeProblems(page, url)))

  await page.setViewportSize({ width: 360, height: 740 })
  // Lay out again at the phone width before measuring.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  if (overflow > 0) problems.push(`${url}: ${overflow} px wider than a 360 px screen`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test.describe('the whole site', () => {
  test.describe.configure({ timeout: 15 * 60_000 })

  test('every internal link a visitor can follow leads to a page, and each page is named, fits a phone and passes axe', async ({
    page,
    request,
  }) => {
    await expectApiServer(request)
    // Every page of the route table is a start, so a page no link leads to (yet) is checked too.
    const starts = ['/', ...PAGE_PATHS.visitor.filter((p) => !NOT_FOLLOWED.some((re) => re.test(p)))]
    const { broken, pages, skipped, unvisited } = await crawl(page, starts, 400, (url) => !isProtected(url))
    expect(broken, 'links to Page not found').toEqual([])
    expect(unvisited, 'links left unvisited: raise the limit').toBe(0)
    // A link to a page that needs a session opens the sign-in dialog.
    for (const url of onePerPath([...skipped.filter(isProtected), ...PAGE_PATHS.signedIn])) {
      await page.goto(url)
      await expect(page.getByRole('dialog'), url).toBeVisible()
    }
    // The crawl reached the site's sections, not a handful of pages.
    for (const section of ['/holidays', '/mice', '/cruises', '/offers', '/contact', '/blogs', '/careers']) {
      expect(pages.map((u) => new URL(u, 'http://x').pathname)).toContain(section)
    }
    const problems: string[] = []
    for (const url of onePerPath(pages)) await checkPage(page, url, problems)
    expect(problems).toEqual([])
  })

  test('a signed-in traveller reaches the account pages and every page that needs a session, and they pass the same checks', async ({
    page,
  }) => {
    await createAccount(page.request, 'site')
    const { broken, pages } = await crawl(page, ['/account/profile', ...PAGE_PATHS.signedIn], 400, isProtected)
    expect(broken, 'links to Page not found').toEqual([])
    const signedInPages = onePerPath(pages).filter(isProtected)
    expect(signedInPages.filter((u) => u.startsWith('/account')).length).toBeGreaterThanOrEqual(8)
    const problems: string[] = []
    for (const url of signedInPages) await checkPage(page, url, problems)
    expect(problems).toEqual([])
  })

  test('the unknown path shows Page not found with a way home', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Home' }).last().click()
    await expect(page).toHaveURL(/\/$/)
  })
})

import type { Page } from '@playwright/test'
import { PAGE_PATHS } from '../src/app/page-paths'
import { createAccount, expect, expectApiServer, indiaDay, test } from './fixtures'

// Every page at 320 CSS px (WCAG 1.4.10 Reflow: 1280 px at 400 %) and at
// 1280×720 zoomed to 200 % (WCAG 1.4.4 Resize text), as a visitor and, for a
// representative set, signed in: no page scrolls sideways (a table may
// scroll inside its own box), and every pointer target is at least 24×24 CSS
// px or has 24 px of room around it (WCAG 2.5.8 Target Size (Minimum)); a
// link or button inside a sentence (a paragraph or a list item of text) is
// exempt.
//
// 200 % zoom is emulated by a 640×360 CSS px viewport at a device scale
// factor of 2: that is exactly what browser zoom does to 1280×720 device
// pixels (the layout sees 640 px, media queries included, and text is drawn
// twice as large). Setting CSS `zoom` on the root instead leaves the layout
// viewport and the media queries at 1280 px, so it tests a page no
// zooming visitor ever sees.

/** The signed-in pages measured: the account area's kinds of page and the fare page's frame. */
const SIGNED_IN = [
  '/account/profile',
  '/account/co-travellers',
  '/account/company',
  '/account/trips',
  '/account/payments',
  '/account/devices',
  '/account/enquiries',
  '/account/reset-password',
  '/flights/fare',
]

/**
 * The visitor pages, but for the single-sign-on hand-off, which leaves for the partner's site;
 * the results page searches a day the supplier has flights for.
 */
function visitorPages(): string[] {
  return PAGE_PATHS.visitor
    .filter((path) => !path.startsWith('/sso/'))
    .map((path) => {
      if (!path.startsWith('/flights?')) return path
      const url = new URL(path, 'http://x')
      url.searchParams.set('date', indiaDay(10))
      return url.pathname + url.search
    })
}

interface Layout {
  overflow: number
  /** The elements that stick out past the right edge, outside any box that scrolls or clips them. */
  wide: string[]
  /** Targets under 24×24 px without 24 px of room around them. */
  small: string[]
}

/** Measures the page as laid out now (runs in the page). */
function measure(): Layout {
  const view = document.documentElement.clientWidth
  const scroller = document.scrollingElement ?? document.documentElement
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
    const id = el.id ? `#${el.id}` : ''
    const test = el.getAttribute('data-testid')
    return `<${el.tagName.toLowerCase()}${id}${test ? ` data-testid=${test}` : ''}> "${name}"`
  }
  const clipped = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX
      if (o !== 'visible') return true
    }
    return false
  }
  const overflow = scroller.scrollWidth - scroller.clientWidth
  const wide: string[] = []
  for (const el of overflow > 1 ? Array.from(document.body.querySelectorAll('*')) : []) {
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.right <= view + 1 || clipped(el)) continue
    // Only the outermost culprit: its children stick out with it.
    const parent = el.parentElement?.getBoundingClientRect()
    if (parent && parent.right > view + 1 && !clipped(el.parentElement!)) continue
    wide.push(`${describe(el)} reaches ${Math.round(r.right)} px`)
  }

  const TARGETS =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])'
  interface Target {
    el: Element
    r: DOMRect
  }
  const targets: Target[] = []
  for (const el of Array.from(document.querySelectorAll(TARGETS))) {
    if (el.closest('[aria-hidden="true"], [inert]')) continue
    if ((el as HTMLButtonElement).disabled) continue
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
    // A native radio or checkbox is hit through its label too; a visually hidden one only there.
    const label = el instanceof HTMLInputElement && /^(radio|checkbox)$/.test(el.type) ? el.closest('label') : null
    const box = label ?? el
    const r = box.getBoundingClientRect()
    if (r.width <= 1 || r.height <= 1) continue
    // Off the screen until focused (the skip link).
    if (r.right <= 0 || r.left >= view) continue
    if (targets.some((t) => t.el === box)) continue
    targets.push({ el: box, r })
  }
  // Inline in running text: a paragraph, list item or cell whose words are more than the target's.
  const inSentence = (el: Element) => {
    const block = el.closest('p, li, dd, td, blockquote, figcaption')
    const words = (e: Element) => (e.textContent ?? '').replace(/\s+/g, ' ').trim().length
    return block !== null && words(block) > words(el) && getComputedStyle(el).display.startsWith('inline')
  }
  const gap = (x: number, y: number, r: DOMRect) => {
    const dx = Math.max(r.left - x, 0, x - r.right)
    const dy = Math.max(r.top - y, 0, y - r.bottom)
    return Math.hypot(dx, dy)
  }
  const small: string[] = []
  const undersized = targets.filter((t) => (t.r.width < 23.5 || t.r.height < 23.5) && !inSentence(t.el))
  for (const t of undersized) {
    const cx = t.r.left + t.r.width / 2
    const cy = t.r.top + t.r.height / 2
    // The spacing exception: a 24 px circle on its centre meets no other target, nor another small target's circle.
    const crowded = targets.some((o) => {
      if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false
      const isSmall = undersized.includes(o)
      if (isSmall) return Math.hypot(o.r.left + o.r.width / 2 - cx, o.r.top + o.r.height / 2 - cy) < 24
      return gap(cx, cy, o.r) < 12
    })
    if (crowded) small.push(`${describe(t.el)} ${Math.round(t.r.width)}×${Math.round(t.r.height)} px`)
  }

  return { overflow, wide: wide.slice(0, 3), small }
}

/** Opens the page and waits for what it shows once loaded. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('h1').first(), path).toBeVisible({ timeout: 15_000 })
  if (path.startsWith('/flights?')) {
    await expect(page.getByTestId('flight-card').or(page.getByTestId('load-failure')).first()).toBeVisible({
      timeout: 30_000,
    })
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/**
 * Measures each page; also checks that each is named by a title of its own
 * (WCAG 2.4.2), which the pages reached through links are checked for in
 * site.spec.ts too.
 */
async function checkPages(page: Page, paths: readonly string[], size: string) {
  const problems: string[] = []
  const titled = new Map<string, string>()
  for (const path of paths) {
    await open(page, path)
    const { overflow, wide, small } = await page.evaluate(measure)
    if (overflow > 1) problems.push(`${path} at ${size}: scrolls ${overflow} px sideways (${wide.join('; ')})`)
    for (const s of small) problems.push(`${path} at ${size}: target ${s}`)
    const title = await page.title()
    const other = titled.get(title)
    if (!/^.+ · Paryatan$/.test(title)) problems.push(`${path}: document title "${title}"`)
    else if (other) problems.push(`${path}: the same title as ${other} ("${title}")`)
    titled.set(title, path)
  }
  expect(problems).toEqual([])
}

test.describe('reflow at 320 CSS px', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('every visitor page fits without sideways scrolling, with targets of 24 px', async ({ page }) => {
    test.setTimeout(240_000)
    await expectApiServer(page.request)
    await checkPages(page, visitorPages(), '320 px')
  })

  test('the signed-in pages fit too', async ({ page }) => {
    test.setTimeout(90_000)
    await createAccount(page.request, 'reflow-320')
    await checkPages(page, SIGNED_IN, '320 px')
  })
})

test.describe('1280×720 zoomed to 200 %', () => {
  test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 })

  test('every visitor page fits without sideways scrolling, with targets of 24 px', async ({ page }) => {
    test.setTimeout(240_000)
    await expectApiServer(page.request)
    await checkPages(page, visitorPages(), '200 %')
  })

  test('the signed-in pages fit too', async ({ page }) => {
    test.setTimeout(90_000)
    await createAccount(page.request, 'reflow-zoom')
    await checkPages(page, SIGNED_IN, '200 %')
  })
})

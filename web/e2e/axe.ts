import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

// The accessibility scan every browser test uses: axe-core's rules for
// WCAG 2.0, 2.1 and 2.2 at levels A and AA, of which a serious or critical
// finding is a failure. Some journeys also hold the page to `heading-order`
// (a best-practice rule, so outside those tags): headings that skip a level
// leave a screen reader's outline with gaps.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export interface ScanOptions {
  /** Also fail on any `heading-order` finding, whatever its impact. */
  headingOrder?: boolean
  /** A CSS selector: scan only this part of the page. */
  include?: string
}

/** The scan's failures, one line each ("{where}: axe serious color-contrast (…) at …"); empty when it passes. */
export async function axeProblems(page: Page, where: string, options: ScanOptions = {}): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of gathering each frame's results in a new
  // blank page: twice as quick on the build machines, and the site has no cross-origin frame to
  // reach (the contact page's map loads only when asked for).
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: options.headingOrder ? { 'heading-order': { enabled: true } } : {},
  })
  if (options.include) builder = builder.include(options.include)
  // Scanned as a still page: content that changes by itself (the header's slogans fade in every
  // 2.6 s) would otherwise be measured half-faded now and then by a scan that takes seconds.
  const stillAlready = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)
  if (!stillAlready) await page.emulateMedia({ reducedMotion: 'reduce' })
  const result = await builder.analyze()
  if (!stillAlready) await page.emulateMedia({ reducedMotion: null })
  const problems: string[] = []
  for (const v of result.violations) {
    const counts = v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order'
    if (!counts) continue
    const at = v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
      .join('; ')
    problems.push(`${where}: axe ${v.impact} ${v.id} (${v.help}) at ${at}`)
  }
  return problems
}

/**
 * Waits for the page's finite animations (a dialog fading in, a caption
 * sliding) to end: colours measured half-way through one are not the ones
 * people read.
 */
async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Scans the page as it is now and records every finding (see axeProblems) as
 * a soft failure: the test goes on to its other states and fails at its end.
 */
export async function expectAccessible(page: Page, where: string, options: ScanOptions = {}) {
  await animationsDone(page)
  expect.soft(await axeProblems(page, where, options), `accessibility of ${where}`).toEqual([])
}

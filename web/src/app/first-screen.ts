import { ROUTES } from '@/config/routes'
import { parseSearchQuery, searchSummary } from '@/features/flights/lib/search-query'
import { FIRST_SCREEN, type FirstScreenPart } from '@/lib/first-screen'

/**
 * What each part that depends on the address holds on the page at `url`: its words, null when the page
 * shows nothing there, undefined where the part is not the page's.
 */
export type TextPart = (url: URL) => string | null | undefined

const textParts: Partial<Record<FirstScreenPart, TextPart>> = {
  [FIRST_SCREEN.searchSummary]: (url) =>
    url.pathname === ROUTES.flights ? searchSummary(parseSearchQuery(url.searchParams)) : undefined,
}

/** Writes each part `parts` knows of into `root` and shows it; takes away a part the page has nothing for. */
export function writeParts(root: ParentNode, url: URL, parts: Partial<Record<FirstScreenPart, TextPart>>): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-first-screen]')) {
    const name = el.dataset.firstScreen as FirstScreenPart
    const text = parts[name]?.(url)
    if (text === undefined) continue
    if (text === null) {
      el.style.display = 'none'
      continue
    }
    el.textContent = text
    el.style.visibility = 'visible'
  }
}

/**
 * Writes the address's parts into a page rendered ahead of time (`root` holds its HTML) and shows
 * them: the same words the app then renders in their place, so nothing moves when it does. A part
 * this code does not know, or one of another page, stays hidden. A fare page's parts (the time its
 * fares are held, the itinerary from the quote) come with code of their own, fetched for it alone
 * (./fare-first-screen.ts); the promise settles once they are written or given up.
 */
export function fillFirstScreen(root: ParentNode, url: URL): Promise<void> {
  writeParts(root, url, textParts)
  if (url.pathname !== ROUTES.fare && url.pathname !== ROUTES.fareReview) return Promise.resolve()
  return import('./fare-first-screen').then(
    (fare) => fare.fillFareFirstScreen(root, url),
    // Without it, the app shows the page when it has loaded.
    () => undefined,
  )
}

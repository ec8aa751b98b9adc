import { ROUTES } from '@/config/routes'
import { parseSearchQuery, searchSummary } from '@/features/flights/lib/search-query'
import { FIRST_SCREEN, type FirstScreenPart } from '@/lib/first-screen'

/** What each part holds on the page at `url`; undefined where the part is not the page's. */
const parts: Record<FirstScreenPart, (url: URL) => string | undefined> = {
  [FIRST_SCREEN.searchSummary]: (url) =>
    url.pathname === ROUTES.flights ? searchSummary(parseSearchQuery(url.searchParams)) : undefined,
}

/**
 * Writes the address's parts into a page rendered ahead of time (`root` holds its HTML) and shows
 * them: the same words the app then renders in their place, so nothing moves when it does. A part
 * this code does not know, or one of another page, stays hidden.
 */
export function fillFirstScreen(root: ParentNode, url: URL): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-first-screen]')) {
    const name = el.dataset.firstScreen as FirstScreenPart
    const text = Object.hasOwn(parts, name) ? parts[name](url) : undefined
    if (text === undefined) continue
    el.textContent = text
    el.style.visibility = 'visible'
  }
}

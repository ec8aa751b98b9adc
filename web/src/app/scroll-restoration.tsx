import { useEffect, useLayoutEffect, useState } from 'react'
import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router'

// Where each history entry was scrolled to, by its key; kept in session storage over a reload.
const STORAGE_KEY = 'paryatan-scroll-positions'

/**
 * Gives the history entry this document was opened on a key of its own, before the router reads it.
 *
 * React Router keys an entry it did not create itself (the first page of every full-page load:
 * the gateway's return, an e-mail link, the single sign-on return) "default". Positions are kept
 * by key in session storage, so every such page shared one slot and opened where the last one had
 * been left: back from paying, the booking page opened scrolled to the fare page's Pay button,
 * near its footer. The key is kept in the entry's state, so a reload or a return to the entry
 * still finds its own position. Call it once, before the router is created.
 */
export function keyThisEntry() {
  const state: unknown = window.history.state
  const base = state !== null && typeof state === 'object' ? (state as { key?: unknown }) : {}
  if (typeof base.key === 'string') {
    documentEntryKey = base.key
    return
  }
  documentEntryKey = Math.random().toString(36).slice(2, 10)
  window.history.replaceState({ ...base, key: documentEntryKey }, '')
}

/** The key of the entry this document was opened on (keyThisEntry). */
let documentEntryKey: string | undefined

/**
 * Whether this document was opened by a redirect or from another site: the gateway's return after
 * paying, the partner's single sign-on return, a link in web mail. Not a reload, a move back or
 * forward, or an address typed or bookmarked: those start as any page does, with the skip link
 * the first Tab stop.
 */
export function openedFromElsewhere(): boolean {
  const [nav] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[]
  if (nav && nav.type !== 'navigate') return false
  if (nav && nav.redirectCount > 0) return true
  if (!document.referrer) return false
  try {
    return new URL(document.referrer).origin !== window.location.origin
  } catch {
    return false
  }
}

/** How long after opening the page's heading keeps the focus as the page fills in. */
const ARRIVAL_FOCUS_MS = 15_000

/**
 * Puts the focus on the page's `<h1>` as soon as it shows, without scrolling, so a screen reader
 * reads where the traveller has arrived ("Ticket issued"). A page that swaps its heading while it
 * loads (the booking page: "Your booking", then the status) moves the focus to the new one. It
 * stops at the traveller's first key or touch, when something else takes the focus (a dialog), or
 * after ARRIVAL_FOCUS_MS; the returned function stops it at once.
 */
export function focusHeadingAsItShows(main: HTMLElement, forMs = ARRIVAL_FOCUS_MS): () => void {
  let focused: HTMLElement | null = null
  const place = () => {
    const active = document.activeElement
    if (active && active !== document.body && active !== main && active !== focused) return stop()
    const heading = main.querySelector('h1')
    if (!heading || (heading === focused && active === heading)) return
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
    focused = heading
  }
  const observer = new MutationObserver(place)
  const timer = setTimeout(() => stop(), forMs)
  function stop() {
    observer.disconnect()
    clearTimeout(timer)
    window.removeEventListener('keydown', stop, true)
    window.removeEventListener('pointerdown', stop, true)
  }
  observer.observe(main, { childList: true, subtree: true })
  window.addEventListener('keydown', stop, true)
  window.addEventListener('pointerdown', stop, true)
  place()
  return stop
}

/**
 * Scrolls each page into place as it appears: a new page to the top, or to the element its hash
 * names; a history entry (back, forward, a reload) to where it was left. A replaced entry on the
 * same page (a query string tidied up) keeps its position.
 *
 * React Router offers this only with its data router, which costs every page about 15 KB of
 * compressed JavaScript more than the declarative one (web/README.md, "JavaScript budget"): hence this, which
 * follows the same rules. It renders inside the layout's Suspense boundary next to the page, so it
 * acts once the page's code is in and the page is on screen.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const action = useNavigationType()
  const [memory] = useState(() => new ScrollMemory())

  // The browser would put a reloaded or revisited entry back before the page is there.
  useEffect(() => {
    const before = window.history.scrollRestoration
    window.history.scrollRestoration = 'manual'
    const onScroll = () => memory.scrolled()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.history.scrollRestoration = before
      window.removeEventListener('scroll', onScroll)
    }
  }, [memory])

  // A layout effect: the position goes in before the new page is painted, and the cleanup (which
  // runs before the next page's placing) records the page being left.
  useLayoutEffect(() => {
    memory.place(location, action)
    return () => memory.leave(location.key)
  }, [memory, location, action])

  // The document's first page, reached by a redirect or from another site, is announced by its heading.
  useEffect(() => {
    const main = document.getElementById('main')
    if (!main || location.key !== documentEntryKey || !openedFromElsewhere()) return
    return focusHeadingAsItShows(main)
  }, [location.key])

  useEffect(() => {
    const onPageHide = () => memory.persist(location.key)
    window.addEventListener('pagehide', onPageHide)
    return () => window.removeEventListener('pagehide', onPageHide)
  }, [memory, location.key])

  return null
}

class ScrollMemory {
  private readonly positions = readPositions()
  /** The window's position as of its last scroll event: the page's own, not yet cut short by the next page. */
  private lastY = 0
  /** The path of the page placed last. */
  private placedPath: string | null = null

  scrolled() {
    this.lastY = window.scrollY
  }

  leave(key: string) {
    this.positions.set(key, this.lastY)
  }

  /** Before the tab unloads (a reload): the current entry's position, and all of them, into storage. */
  persist(key: string) {
    this.positions.set(key, window.scrollY)
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(this.positions)))
    } catch {
      // Storage refused or full: the positions last for this load only.
    }
  }

  place(location: Location, action: NavigationType) {
    const previousPath = this.placedPath
    this.placedPath = location.pathname
    const saved = this.positions.get(location.key)
    if (saved !== undefined) return this.scrollTo(saved)
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) {
        target.scrollIntoView()
        this.lastY = window.scrollY
        return
      }
    }
    if (action === 'REPLACE' && previousPath === location.pathname) return
    this.scrollTo(0)
  }

  private scrollTo(y: number) {
    window.scrollTo(0, y)
    this.lastY = y
  }
}

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>
    return new Map(Object.entries(saved).filter((e): e is [string, number] => typeof e[1] === 'number'))
  } catch {
    return new Map()
  }
}

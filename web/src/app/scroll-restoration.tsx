import { useEffect, useLayoutEffect, useState } from 'react'
import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router'

// Where each history entry was scrolled to, by its key; kept in session storage over a reload.
const STORAGE_KEY = 'paryatan-scroll-positions'

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

import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { getScrollMemory, type ScrollMemory } from '@/lib/scroll-memory'

export interface Scroller {
  getY(): number
  scrollTo(y: number): void
  /** Largest reachable scroll position right now. */
  maxY(): number
}

const windowScroller: Scroller = {
  getY: () => window.scrollY,
  scrollTo: (y) => window.scrollTo({ top: y, left: 0, behavior: 'instant' }),
  maxY: () => Math.max(0, document.documentElement.scrollHeight - window.innerHeight),
}

export interface ScrollRestorationOptions {
  memory?: ScrollMemory
  scroller?: Scroller
}

// A page coming back may still be growing (lazy content); keep trying briefly.
const RESTORE_FRAMES = 30

/**
 * On PUSH or REPLACE navigations that change the path, query or hash, scrolls
 * to the top. On POP (back/forward) restores the position last seen on that
 * pathname. The first render leaves the browser's position alone.
 */
export function useScrollRestoration({
  memory = getScrollMemory(),
  scroller = windowScroller,
}: ScrollRestorationOptions = {}) {
  const location = useLocation()
  const navigationType = useNavigationType()
  const pathRef = useRef(location.pathname)
  const previous = useRef<{ pathname: string; search: string; hash: string } | null>(null)

  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return undefined
    const before = window.history.scrollRestoration
    window.history.scrollRestoration = 'manual'
    return () => {
      window.history.scrollRestoration = before
    }
  }, [])

  useEffect(() => {
    const onScroll = () => memory.set(pathRef.current, scroller.getY())
    const onHide = () => memory.flush()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', onHide)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onHide)
      memory.flush()
    }
  }, [memory, scroller])

  useLayoutEffect(() => {
    const { pathname, search, hash } = location
    const before = previous.current
    previous.current = { pathname, search, hash }
    pathRef.current = pathname
    if (before === null) return undefined

    if (navigationType !== 'POP') {
      const changed = before.pathname !== pathname || before.search !== search || before.hash !== hash
      if (changed) scroller.scrollTo(0)
      return undefined
    }

    const target = memory.get(pathname) ?? 0
    scroller.scrollTo(target)
    let frames = 0
    let handle = 0
    const settle = () => {
      if (Math.abs(scroller.getY() - target) <= 1 || frames++ >= RESTORE_FRAMES) return
      if (scroller.maxY() >= target) {
        scroller.scrollTo(target)
        return
      }
      handle = window.requestAnimationFrame(settle)
    }
    if (Math.abs(scroller.getY() - target) > 1) handle = window.requestAnimationFrame(settle)
    const stop = () => window.cancelAnimationFrame(handle)
    window.addEventListener('wheel', stop, { once: true, passive: true })
    window.addEventListener('touchstart', stop, { once: true, passive: true })
    window.addEventListener('keydown', stop, { once: true })
    return () => {
      stop()
      window.removeEventListener('wheel', stop)
      window.removeEventListener('touchstart', stop)
      window.removeEventListener('keydown', stop)
    }
  }, [location, navigationType, memory, scroller])
}

/** Mount once in the root layout. */
export function ScrollRestoration(props: ScrollRestorationOptions) {
  useScrollRestoration(props)
  return null
}

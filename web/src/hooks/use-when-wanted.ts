import { startTransition, useEffect, useRef, useState } from 'react'

/** How close to the viewport (px) a deferred section starts loading. */
const NEAR = 200

/**
 * Whether a section below the fold should load yet: once its placeholder
 * (the returned ref) comes within 200 px of the viewport, or the visitor
 * first scrolls (or has scrolled, before the app took the page over),
 * presses a key or touches the page, whichever is first. A
 * phone's first load then carries only what is on screen, while a keyboard
 * or screen-reader user moving on from the top of the page finds the section
 * loaded by the time they reach it. Without IntersectionObserver, at once.
 */
export function useWhenWanted<T extends Element>() {
  const ref = useRef<T>(null)
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    if (wanted) return
    // A transition: the sections render in slices, so the tap or key that asked for them is
    // answered first (a synchronous render inside pointerdown delayed the tap's own click).
    const want = () => startTransition(() => setWanted(true))
    const events = ['scroll', 'keydown', 'pointerdown', 'touchstart'] as const
    for (const e of events) window.addEventListener(e, want, { once: true, passive: true })
    const observer = new IntersectionObserver(
      (entries) => {
        // A visitor who scrolled the page's prerendered copy before the app took it over has
        // scrolled. Asked here, once the browser has laid out the page, not in the effect: there,
        // reading the scroll position lays out the page just committed in the same task (about
        // 80 ms on a slow phone under the fare page's booking form).
        if (window.scrollY > 0 || entries.some((e) => e.isIntersecting)) want()
      },
      { rootMargin: `${NEAR}px` },
    )
    if (ref.current) observer.observe(ref.current)
    return () => {
      for (const e of events) window.removeEventListener(e, want)
      observer.disconnect()
    }
  }, [wanted])

  return [ref, wanted] as const
}

import { lazy, type ComponentType } from 'react'
import { matchRoutes, type RouteObject } from 'react-router'

type Load = () => Promise<{ Component: ComponentType }>

interface LazyHandle {
  preload: Load
}

/**
 * A route whose page is a chunk of its own, fetched on the first visit. While it loads, the page
 * being left stays on screen (navigations render as transitions) and a first visit shows nothing
 * below the header (the layout's Suspense). The route's `handle` keeps the loader, so
 * preloadRoutes can fetch a nested route's chunks side by side rather than one after another.
 */
export function lazyRoute(load: Load): Pick<RouteObject, 'Component' | 'handle'> {
  // One fetch per page load, shared by the preload and the page. A chunk that failed then fails
  // both, and the page loads again (lib/stale-chunk); were they fetched apart, the page could
  // quietly fetch it anew or not, depending on which of the two asked first.
  let loading: ReturnType<Load> | undefined
  const once: Load = () => (loading ??= load())
  const handle: LazyHandle = { preload: once }
  return { Component: lazy(() => once().then((m) => ({ default: m.Component }))), handle }
}

let preloaded: string | null = null

/**
 * Starts fetching the chunks of every lazy route matching the path at once: an account page is
 * two chunks (the account layout and the page), which would otherwise load in turn, as each
 * suspends. A module is fetched once, however often it is asked for.
 */
export function preloadRoutes(routes: RouteObject[], pathname: string) {
  if (pathname === preloaded) return
  preloaded = pathname
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // A failed fetch is the page's to report: its own load, as it renders, fails too (and is retried).
    ;(route.handle as LazyHandle | undefined)?.preload().catch(() => undefined)
  }
}

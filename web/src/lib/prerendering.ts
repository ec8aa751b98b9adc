import { createContext, useContext } from 'react'

/**
 * True while the build renders a page ahead of time (src/prerender.tsx): what depends on the moment
 * of the visit, such as today's date, is left out, since the build's moment is not the visitor's.
 */
export const PrerenderingContext = createContext(false)

export function usePrerendering(): boolean {
  return useContext(PrerenderingContext)
}

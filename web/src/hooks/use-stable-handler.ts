import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * A function that stays the same from render to render and calls the latest
 * `handler`. For handlers passed to memoised children: a handler that closes
 * over new state is a new function on each render, which would render every
 * such child again. Call it from events, never while rendering.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  return useCallback((...args: A) => latest.current(...args), [])
}

import { useCallback, useEffect, useState } from 'react'

/**
 * An index that moves to the next of `count` items every `intervalMs`, wrapping
 * to 0 after the last. Setting the index by hand (e.g. a carousel dot) restarts
 * the wait, so the chosen item gets a full interval on screen.
 */
export function useRotatingIndex(count: number, intervalMs: number, enabled = true): [number, (index: number) => void] {
  const [state, setState] = useState({ index: 0, tick: 0 })

  useEffect(() => {
    if (!enabled || count < 2) return undefined
    const timer = window.setTimeout(() => {
      setState((s) => ({ index: (s.index + 1) % count, tick: s.tick + 1 }))
    }, intervalMs)
    return () => window.clearTimeout(timer)
  }, [state, count, intervalMs, enabled])

  const select = useCallback(
    (index: number) => {
      if (count > 0) setState((s) => ({ index: ((index % count) + count) % count, tick: s.tick + 1 }))
    },
    [count],
  )

  return [count > 0 ? state.index % count : 0, select]
}

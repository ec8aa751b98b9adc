import { useState } from 'react'

/**
 * The same array as last render when every element is the same: query hooks
 * hand back a fresh array on each render, which would redo every memoised
 * filter pass over thousands of flights.
 */
export function useStableList<T>(items: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(items)
  const same = kept.length === items.length && kept.every((item, i) => item === items[i])
  if (!same) setKept(items)
  return same ? kept : items
}

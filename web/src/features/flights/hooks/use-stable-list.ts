import { useState } from 'react'

/**
 * The same array as last render when every element is the same (by `same`,
 * identity unless given): query hooks hand back a fresh array on each render,
 * which would redo every memoised filter pass over thousands of flights and
 * render again every memoised part that takes the array.
 */
export function useStableList<T>(items: readonly T[], same: (a: T, b: T) => boolean = Object.is): readonly T[] {
  const [kept, setKept] = useState(items)
  const unchanged = kept.length === items.length && kept.every((item, i) => same(item, items[i] as T))
  if (!unchanged) setKept(items)
  return unchanged ? kept : items
}

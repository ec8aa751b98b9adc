import { startTransition, useEffect, useState } from 'react'
import { nextTask } from '@/lib/next-task'

/**
 * How many of the `parts` parts of a large tree to render now: the first at once, then one more after
 * each has been committed and painted, so that a form of many fields is put on the page in several short
 * tasks rather than one long one. Mounting a tree is the part of rendering React cannot slice: the
 * fare page's booking form committed in one task of about 100 ms on a slow phone, and the browser
 * styled it in another of about 75 ms, in which a tap waited. Each part here is committed in a
 * transition of its own, after the browser has drawn the previous one. In a tab out of sight, where the
 * browser draws nothing, the parts follow once it is shown.
 */
export function useInTurns(parts: number): number {
  const [shown, setShown] = useState(1)
  useEffect(() => {
    if (shown >= parts) return
    let gone = false
    // After the next frame is drawn: a frame's callback runs before the frame's style and layout, and
    // the task after it once they are done.
    const frame = requestAnimationFrame(() => {
      void nextTask().then(() => {
        if (!gone) startTransition(() => setShown((n) => n + 1))
      })
    })
    return () => {
      gone = true
      cancelAnimationFrame(frame)
    }
  }, [shown, parts])
  return Math.min(shown, parts)
}

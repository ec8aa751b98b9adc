import { useCallback, useState, type FocusEvent } from 'react'
import { useRotatingIndex } from '@/hooks/use-rotating-index'
import { usePrefersReducedMotion } from '@/hooks/use-reduced-motion'

export interface DealsRotation {
  index: number
  /** Jumps to a slide; the chosen slide then gets a full interval. */
  select(index: number): void
  /** The visitor's play/pause choice (paused from the start for reduced motion). */
  playing: boolean
  /** Whether the slides move on their own right now (playing, and neither hovered nor focused). */
  rotating: boolean
  togglePlaying(): void
  /** Spread on the whole panel: the pointer over it holds the slide. */
  hoverProps: { onMouseEnter(): void; onMouseLeave(): void }
  /** Spread on the slides and dots: keyboard focus inside them holds the slide. */
  focusProps: { onFocus(): void; onBlur(event: FocusEvent<HTMLElement>): void }
}

/**
 * The deals panel's rotation (spec 2.4, WCAG 2.2.2): a new slide every
 * `intervalMs`, held while the pointer is over the panel or focus is in it,
 * stopped by the pause control, and not started at all for visitors who
 * prefer reduced motion (they can still press play).
 */
export function useDealsRotation(count: number, intervalMs: number): DealsRotation {
  const reducedMotion = usePrefersReducedMotion()
  const [choice, setChoice] = useState<boolean | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const playing = choice ?? !reducedMotion
  const rotating = playing && !hovered && !focused
  const [index, select] = useRotatingIndex(count, intervalMs, rotating)

  const togglePlaying = useCallback(() => setChoice(!playing), [playing])

  return {
    index,
    select,
    playing,
    rotating,
    togglePlaying,
    hoverProps: { onMouseEnter: () => setHovered(true), onMouseLeave: () => setHovered(false) },
    focusProps: {
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        const next = event.relatedTarget
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocused(false)
      },
    },
  }
}

import { useCallback, useState, type FocusEvent } from 'react'
import { useRotatingIndex } from '@/hooks/use-rotating-index'
import { usePrefersReducedMotion } from '@/hooks/use-reduced-motion'

export interface Rotation {
  index: number
  /** Jumps to an item; the chosen item then gets a full interval. */
  select(index: number): void
  /** The visitor's play/pause choice (paused from the start for reduced motion). */
  playing: boolean
  /** Whether the slides move on their own right now (playing, and neither hovered nor focused). */
  rotating: boolean
  togglePlaying(): void
  /** Spread on the rotating content: the pointer over it holds the item. */
  hoverProps: { onMouseEnter(): void; onMouseLeave(): void }
  /** Spread on the items and their controls: keyboard focus inside them holds the item. */
  focusProps: { onFocus(): void; onBlur(event: FocusEvent<HTMLElement>): void }
}

/**
 * Content that rotates by itself (the deals panel, the header's slogan, the
 * sign-in slides; WCAG 2.2.2): a new item every `intervalMs`, held while the
 * pointer is over it or focus is in it (where the caller spreads hoverProps
 * and focusProps), stopped by its pause control, and not started at all for
 * visitors who prefer reduced motion (they can still press play).
 */
export function useRotation(count: number, intervalMs: number): Rotation {
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

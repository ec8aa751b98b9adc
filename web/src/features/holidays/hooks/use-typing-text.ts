import { useEffect, useState } from 'react'
import { HOLD_MS, INITIAL_TYPING, nextTyping, typedText, typingDelay } from '../lib/typing'

interface TypingOptions {
  /** Show whole words, one after another every HOLD_MS, with no typing. */
  reducedMotion?: boolean
  /** Freeze on what is shown now. */
  paused?: boolean
}

/**
 * The typing animation's current text: `words` typed one letter every
 * TYPE_MS, held HOLD_MS, deleted one letter every DELETE_MS, then the next
 * word. `words` should keep its identity between renders.
 */
export function useTypingText(words: readonly string[], { reducedMotion = false, paused = false }: TypingOptions = {}) {
  const [state, setState] = useState(INITIAL_TYPING)

  useEffect(() => {
    if (paused || words.length === 0 || (reducedMotion && words.length < 2)) return undefined
    const timer = window.setTimeout(
      () => {
        setState((s) =>
          reducedMotion ? { word: (s.word + 1) % words.length, length: 0, phase: 'typing' } : nextTyping(s, words),
        )
      },
      reducedMotion ? HOLD_MS : typingDelay(state),
    )
    return () => window.clearTimeout(timer)
  }, [state, words, reducedMotion, paused])

  const word = words[state.word % words.length] ?? ''
  return { text: reducedMotion ? word : typedText(state, words), word }
}

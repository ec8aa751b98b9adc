// The holidays hero types destination names letter by letter, holds each
// finished word, deletes it and types the next (spec 2.5 and 9).

export const TYPE_MS = 110
export const DELETE_MS = 65
export const HOLD_MS = 1600

export type TypingPhase = 'typing' | 'holding' | 'deleting'

export interface TypingState {
  /** Which word, as an index into the word list. */
  word: number
  /** How many of its letters are on screen. */
  length: number
  phase: TypingPhase
}

export const INITIAL_TYPING: TypingState = { word: 0, length: 0, phase: 'typing' }

/** How long the state stays before the next step. */
export function typingDelay(state: TypingState): number {
  switch (state.phase) {
    case 'typing':
      return TYPE_MS
    case 'holding':
      return HOLD_MS
    case 'deleting':
      return DELETE_MS
  }
}

/**
 * The state one step later: one more letter while typing (a complete word
 * moves on to holding), deleting after the hold, one letter fewer while
 * deleting, and the next word (wrapping round) once the last letter is gone.
 */
export function nextTyping(state: TypingState, words: readonly string[]): TypingState {
  if (words.length === 0) return state
  const word = words[state.word % words.length] ?? ''
  switch (state.phase) {
    case 'typing': {
      const length = Math.min(state.length + 1, word.length)
      return { word: state.word, length, phase: length >= word.length ? 'holding' : 'typing' }
    }
    case 'holding':
      return { ...state, phase: 'deleting' }
    case 'deleting': {
      const length = Math.max(state.length - 1, 0)
      if (length > 0) return { ...state, length }
      return { word: (state.word + 1) % words.length, length: 0, phase: 'typing' }
    }
  }
}

/** The text on screen in a state. */
export function typedText(state: TypingState, words: readonly string[]): string {
  if (words.length === 0) return ''
  return (words[state.word % words.length] ?? '').slice(0, state.length)
}

import { describe, expect, it } from 'vitest'
import {
  DELETE_MS,
  HOLD_MS,
  INITIAL_TYPING,
  nextTyping,
  TYPE_MS,
  typedText,
  typingDelay,
  type TypingState,
} from './typing'

const WORDS = ['Goa', 'Bali']

/** Runs the machine from the start, recording each text shown and how long it stays. */
function run(steps: number) {
  let state: TypingState = INITIAL_TYPING
  const seen: Array<[string, number]> = []
  for (let i = 0; i < steps; i++) {
    seen.push([typedText(state, WORDS), typingDelay(state)])
    state = nextTyping(state, WORDS)
  }
  return seen
}

describe('the typing state machine', () => {
  it('uses the spec timings: 110 ms per typed letter, 1600 ms hold, 65 ms per deleted letter', () => {
    expect([TYPE_MS, HOLD_MS, DELETE_MS]).toEqual([110, 1600, 65])
  })

  it('types a word letter by letter, holds it, deletes it and types the next, wrapping round', () => {
    expect(run(17)).toEqual([
      ['', 110],
      ['G', 110],
      ['Go', 110],
      ['Goa', 1600],
      ['Goa', 65],
      ['Go', 65],
      ['G', 65],
      ['', 110],
      ['B', 110],
      ['Ba', 110],
      ['Bal', 110],
      ['Bali', 1600],
      ['Bali', 65],
      ['Bal', 65],
      ['Ba', 65],
      ['B', 65],
      ['', 110],
    ])
    // …and the word after Bali is Goa again.
    let state: TypingState = { word: 1, length: 1, phase: 'deleting' }
    state = nextTyping(state, WORDS)
    expect(state).toEqual({ word: 0, length: 0, phase: 'typing' })
  })

  it('takes a whole cycle of letters × 110 + 1600 + letters × 65 ms per word', () => {
    const total = run(7).reduce((sum, [, ms]) => sum + ms, 0)
    expect(total).toBe(3 * 110 + 1600 + 3 * 65)
  })

  it('does nothing with no words', () => {
    expect(nextTyping(INITIAL_TYPING, [])).toBe(INITIAL_TYPING)
    expect(typedText(INITIAL_TYPING, [])).toBe('')
  })
})

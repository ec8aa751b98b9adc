import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useTypingText } from './use-typing-text'

const WORDS = ['Goa', 'Leh']

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

describe('useTypingText', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('types each letter after 110 ms, holds 1600 ms, deletes a letter every 65 ms', () => {
    const { result } = renderHook(() => useTypingText(WORDS))
    expect(result.current.text).toBe('')
    advance(109)
    expect(result.current.text).toBe('')
    advance(1)
    expect(result.current.text).toBe('G')
    advance(110)
    expect(result.current.text).toBe('Go')
    advance(110)
    expect(result.current.text).toBe('Goa')
    // Held for 1600 ms, then the first letter goes 65 ms later.
    advance(1599)
    expect(result.current.text).toBe('Goa')
    advance(1)
    expect(result.current.text).toBe('Goa')
    advance(64)
    expect(result.current.text).toBe('Goa')
    advance(1)
    expect(result.current.text).toBe('Go')
    advance(65)
    expect(result.current.text).toBe('G')
    advance(65)
    expect(result.current.text).toBe('')
    advance(110)
    expect(result.current.text).toBe('L')
    expect(result.current.word).toBe('Leh')
  })

  it('shows whole words with reduced motion, the next after 1600 ms', () => {
    const { result } = renderHook(() => useTypingText(WORDS, { reducedMotion: true }))
    expect(result.current.text).toBe('Goa')
    advance(1599)
    expect(result.current.text).toBe('Goa')
    advance(1)
    expect(result.current.text).toBe('Leh')
    advance(1600)
    expect(result.current.text).toBe('Goa')
  })

  it('stands still while paused and goes on from there', () => {
    const { result, rerender } = renderHook(({ paused }) => useTypingText(WORDS, { paused }), {
      initialProps: { paused: false },
    })
    advance(110)
    advance(110)
    expect(result.current.text).toBe('Go')
    rerender({ paused: true })
    advance(10_000)
    expect(result.current.text).toBe('Go')
    rerender({ paused: false })
    advance(110)
    expect(result.current.text).toBe('Goa')
  })
})

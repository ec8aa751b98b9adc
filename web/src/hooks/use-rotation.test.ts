import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useRotation } from './use-rotation'

describe('useRotation', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('moves on every interval while nothing holds it, and stops while hovered', () => {
    const { result } = renderHook(() => useRotation(5, 3800))
    expect(result.current).toMatchObject({ index: 0, playing: true, rotating: true })
    act(() => vi.advanceTimersByTime(3800))
    expect(result.current.index).toBe(1)
    act(() => result.current.hoverProps.onMouseEnter())
    expect(result.current.rotating).toBe(false)
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.index).toBe(1)
    act(() => result.current.hoverProps.onMouseLeave())
    act(() => vi.advanceTimersByTime(3800))
    expect(result.current.index).toBe(2)
  })

  it('starts paused for reduced motion and plays when asked', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    )
    const { result } = renderHook(() => useRotation(5, 3800))
    expect(result.current).toMatchObject({ playing: false, rotating: false })
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.index).toBe(0)
    act(() => result.current.togglePlaying())
    act(() => vi.advanceTimersByTime(3800))
    expect(result.current.index).toBe(1)
  })
})

import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useStableHandler } from './use-stable-handler'

describe('useStableHandler', () => {
  it('keeps one function across renders and calls the handler of the latest render', () => {
    const { result, rerender } = renderHook(({ n }) => useStableHandler((x: number) => x + n), {
      initialProps: { n: 1 },
    })
    const first = result.current
    expect(first(1)).toBe(2)
    rerender({ n: 10 })
    expect(result.current).toBe(first)
    expect(first(1)).toBe(11)
  })
})

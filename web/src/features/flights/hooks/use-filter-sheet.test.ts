import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useFilterDraft, useFiltersInSheet } from './use-filter-sheet'

interface Filters {
  stops: string
  maxPrice: string
}

const NONE: Filters = { stops: 'any', maxPrice: '' }

function draftHook(applied: Filters, open = false) {
  return renderHook(({ applied, open }) => useFilterDraft(applied, open), { initialProps: { applied, open } })
}

describe('useFilterDraft', () => {
  it('starts each opening from the filters applied, and keeps what is changed while open', () => {
    const hook = draftHook(NONE)
    const applied = { stops: '0', maxPrice: '' }
    hook.rerender({ applied, open: true })
    expect(hook.result.current[0]).toBe(applied)

    act(() => hook.result.current[1]({ stops: '1', maxPrice: '6000' }))
    expect(hook.result.current[0]).toEqual({ stops: '1', maxPrice: '6000' })
    // The page renders again (a search answers) while the sheet is open: the draft stays.
    hook.rerender({ applied, open: true })
    expect(hook.result.current[0]).toEqual({ stops: '1', maxPrice: '6000' })
  })

  it('drops what was changed when the sheet closes without applying', () => {
    const hook = draftHook(NONE, true)
    act(() => hook.result.current[1]({ stops: '2+', maxPrice: '' }))
    hook.rerender({ applied: NONE, open: false })
    hook.rerender({ applied: NONE, open: true })
    expect(hook.result.current[0]).toBe(NONE)
  })

  it('starts from what was applied since the last opening (the sort changed in the bar)', () => {
    const hook = draftHook(NONE, true)
    const applied = { stops: 'any', maxPrice: '5000' }
    hook.rerender({ applied: NONE, open: false })
    hook.rerender({ applied, open: false })
    hook.rerender({ applied, open: true })
    expect(hook.result.current[0]).toBe(applied)
  })
})

describe('useFiltersInSheet', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** A screen that is narrower than 1024 px while `narrow.value` says so, telling its listeners when that changes. */
  function screenWidth(narrow: { value: boolean }) {
    const listeners = new Set<() => void>()
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          get matches() {
            return query === '(max-width: 63.9975rem)' && narrow.value
          },
          media: query,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    )
    return () => listeners.forEach((listener) => listener())
  }

  it('is true below the side panel breakpoint and follows the screen as it turns', () => {
    const narrow = { value: true }
    const turned = screenWidth(narrow)
    const hook = renderHook(() => useFiltersInSheet())
    expect(hook.result.current).toBe(true)
    narrow.value = false
    act(turned)
    expect(hook.result.current).toBe(false)
  })

  it('is false where media queries match nothing (the wide layout)', () => {
    screenWidth({ value: false })
    expect(renderHook(() => useFiltersInSheet()).result.current).toBe(false)
  })
})

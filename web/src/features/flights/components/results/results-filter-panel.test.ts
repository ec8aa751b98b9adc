import { describe, expect, it } from 'vitest'
import { clearedPanel, countActiveFilters, INITIAL_PANEL, panelFilter } from './results-filter-panel'

describe('countActiveFilters', () => {
  it('counts nothing for the panel as it starts, whatever the sort', () => {
    expect(countActiveFilters(INITIAL_PANEL)).toBe(0)
    expect(countActiveFilters({ ...INITIAL_PANEL, sort: 'fastest' })).toBe(0)
  })

  it('counts a stops choice, a price range once, and each airline ticked or typed', () => {
    expect(countActiveFilters({ ...INITIAL_PANEL, stops: '0' })).toBe(1)
    expect(countActiveFilters({ ...INITIAL_PANEL, minPrice: '4000' })).toBe(1)
    expect(countActiveFilters({ ...INITIAL_PANEL, minPrice: '4000', maxPrice: '9000' })).toBe(1)
    expect(countActiveFilters({ ...INITIAL_PANEL, airlines: new Set(['AI', '6E']) })).toBe(2)
    expect(
      countActiveFilters({
        ...INITIAL_PANEL,
        stops: '1',
        maxPrice: '9000',
        airlines: new Set(['AI']),
        airlineText: 'uk, ai',
      }),
    ).toBe(4)
  })

  it('does not count a price field that holds no price', () => {
    expect(countActiveFilters({ ...INITIAL_PANEL, minPrice: '.', maxPrice: '' })).toBe(0)
  })
})

describe('panelFilter and clearedPanel', () => {
  it('filters by the airlines ticked and typed together', () => {
    const filter = panelFilter({ ...INITIAL_PANEL, airlines: new Set(['AI']), airlineText: '6e ,uk' })
    expect([...filter.airlines].sort()).toEqual(['6E', 'AI', 'UK'])
  })

  it('clears every filter and keeps the sort', () => {
    const cleared = clearedPanel({
      ...INITIAL_PANEL,
      stops: '0',
      minPrice: '1',
      airlines: new Set(['AI']),
      airlineText: 'UK',
      sort: 'earliest',
    })
    expect(cleared).toEqual({ ...INITIAL_PANEL, sort: 'earliest' })
    expect(countActiveFilters(cleared)).toBe(0)
  })
})

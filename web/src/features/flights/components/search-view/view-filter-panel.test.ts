import { describe, expect, it } from 'vitest'
import { INITIAL_VIEW_FILTERS } from '../../lib/filters'
import { clearedViewFilters, countActiveViewFilters } from './view-filter-panel'

describe('countActiveViewFilters', () => {
  it('counts each stop count ticked, a price range once and each airline, never the sort', () => {
    expect(countActiveViewFilters(INITIAL_VIEW_FILTERS)).toBe(0)
    expect(countActiveViewFilters({ ...INITIAL_VIEW_FILTERS, sort: 'nonstop' })).toBe(0)
    expect(
      countActiveViewFilters({
        ...INITIAL_VIEW_FILTERS,
        stops: new Set(['0', '1'] as const),
        minPrice: '3000',
        maxPrice: '8000',
        airlines: new Set(['6E']),
      }),
    ).toBe(4)
  })

  it('clears to no filter with the sort kept', () => {
    const cleared = clearedViewFilters({
      ...INITIAL_VIEW_FILTERS,
      stops: new Set(['2+'] as const),
      maxPrice: '5000',
      sort: 'preferred',
    })
    expect(cleared).toEqual({ ...INITIAL_VIEW_FILTERS, sort: 'preferred' })
  })
})

// Filtering and sorting must stay interactive on 5,000 results: each filter
// change well under 50 ms. Run alone to read the figures:
//   npm run test -w web -- src/features/flights/lib/filters.perf.test.ts
import { describe, expect, it } from 'vitest'
import { manyResults } from '@/testing/flights'
import {
  applyFilters,
  applyViewFilters,
  INITIAL_FILTERS,
  INITIAL_VIEW_FILTERS,
  type FilterState,
  type ViewFilterState,
} from './filters'
import { toListFlight, type ListFlight } from './results'

const BUDGET_MS = 50
const RUNS = 9

const flights: ListFlight[] = manyResults(5000)
  .map(toListFlight)
  .filter((f): f is ListFlight => f !== undefined)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function time(run: () => unknown): { median: number; max: number; size: number } {
  let size = 0
  run() // warm-up
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    const out = run() as unknown[]
    samples.push(performance.now() - start)
    size = out.length
  }
  return { median: median(samples), max: Math.max(...samples), size }
}

const results: [string, Partial<FilterState>][] = [
  ['no filter, cheapest', {}],
  ["stops '0'", { stops: '0' }],
  ["stops '1'", { stops: '1' }],
  ["stops '2+'", { stops: '2+' }],
  ['airlines AI, indigo', { airlines: new Set(['AI', 'indigo']) }],
  ['min price 10000', { minPrice: '10000' }],
  ['price 10000..25000.50', { minPrice: '10000', maxPrice: '25000.50' }],
  ['sort fastest', { sort: 'fastest' }],
  ['sort earliest', { sort: 'earliest' }],
  [
    'everything, earliest',
    { stops: '1', airlines: new Set(['ai', 'SpiceJet']), minPrice: '5000', maxPrice: '30000', sort: 'earliest' },
  ],
]

const views: [string, Partial<ViewFilterState>][] = [
  ['view cheapest', {}],
  ['view non-stop first', { sort: 'nonstop' }],
  ['view you may prefer', { sort: 'preferred' }],
  [
    'view stops 0 + 2+, price, airline',
    { stops: new Set(['0', '2+'] as const), minPrice: '8000', airlines: new Set(['AI', 'uk']) },
  ],
]

describe('filters on 5,000 results', () => {
  it('has 5,000 flights to work on', () => {
    expect(flights).toHaveLength(5000)
  })

  it.each(results)(`results screen: %s under ${BUDGET_MS} ms`, (name, patch) => {
    const t = time(() => applyFilters(flights, { ...INITIAL_FILTERS, ...patch }))
    console.log(`[filters 5000] ${name}: median ${t.median.toFixed(2)} ms, max ${t.max.toFixed(2)} ms, ${t.size} shown`)
    expect(t.size).toBeGreaterThan(0)
    expect(t.median).toBeLessThan(BUDGET_MS)
  })

  it.each(views)(`search view: %s under ${BUDGET_MS} ms`, (name, patch) => {
    const t = time(() => applyViewFilters(flights, { ...INITIAL_VIEW_FILTERS, ...patch }))
    console.log(`[filters 5000] ${name}: median ${t.median.toFixed(2)} ms, max ${t.max.toFixed(2)} ms, ${t.size} shown`)
    expect(t.size).toBeGreaterThan(0)
    expect(t.median).toBeLessThan(BUDGET_MS)
  })
})

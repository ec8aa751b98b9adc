import { describe, expect, it } from 'vitest'
import { HOLIDAY_PACKAGES, type HolidayPackage } from '../data/packages'
import {
  BUDGET_BANDS,
  budgetBand,
  budgetForScope,
  DEFAULT_BUDGET,
  DEFAULT_HOLIDAY_FILTER,
  filterPackages,
  inBand,
  type BudgetBand,
  type BudgetChoice,
} from './package-filters'

const titles = (list: readonly HolidayPackage[]) => list.map((p) => p.title)

const INTERNATIONAL = [
  'Bali',
  'Dubai',
  'Singapore and Malaysia',
  'Qatar',
  'Georgia',
  'Maldives',
  'Paris',
  'New Zealand',
  'Japan',
  'Oman',
]
const DOMESTIC = ['Goa', 'Kerala', 'Kashmir', 'Andaman', 'Ladakh', 'Manali', 'Jaipur', 'Udaipur', 'Rishikesh', 'Coorg']

describe('the holiday packages', () => {
  it('are the 20 of the spec, with trending Bali, Dubai, Maldives, Goa and Kashmir', () => {
    expect(titles(HOLIDAY_PACKAGES.filter((p) => p.scope === 'International'))).toEqual(INTERNATIONAL)
    expect(titles(HOLIDAY_PACKAGES.filter((p) => p.scope === 'Domestic'))).toEqual(DOMESTIC)
    expect(titles(HOLIDAY_PACKAGES.filter((p) => p.trending))).toEqual(['Bali', 'Dubai', 'Maldives', 'Goa', 'Kashmir'])
    expect(new Set(HOLIDAY_PACKAGES.map((p) => p.id)).size).toBe(20)
  })

  it('each hand off to the concierge with their title, and have a picture of their own', () => {
    const bali = HOLIDAY_PACKAGES.find((p) => p.id === 'bali')
    expect(bali?.href).toBe('/go/concierge?from=holidays&topic=holidays&card=Bali')
    const sm = HOLIDAY_PACKAGES.find((p) => p.id === 'singapore-and-malaysia')
    expect(new URL(sm?.href ?? '', 'https://x').searchParams.get('card')).toBe('Singapore and Malaysia')
    for (const p of HOLIDAY_PACKAGES) {
      expect(p.image).toBe(`/images/places/${p.id}.svg`)
      expect(p.price).toBeGreaterThan(0)
      expect(p.subtitle).toMatch(/^\d+ nights · /)
    }
  })
})

describe('the holiday filters', () => {
  it('start on Top Destination: 4 international and 4 domestic, alternating', () => {
    expect(DEFAULT_HOLIDAY_FILTER).toBe('Top Destination')
    expect(titles(filterPackages(HOLIDAY_PACKAGES, 'Top Destination'))).toEqual([
      'Bali',
      'Goa',
      'Dubai',
      'Kerala',
      'Singapore and Malaysia',
      'Kashmir',
      'Qatar',
      'Andaman',
    ])
  })

  it('Trending shows up to 3 international and then up to 3 domestic trending packages', () => {
    expect(titles(filterPackages(HOLIDAY_PACKAGES, 'Trending'))).toEqual([
      'Bali',
      'Dubai',
      'Maldives',
      'Goa',
      'Kashmir',
    ])
    // With more trending packages than that, each scope stops at 3.
    const allTrending = HOLIDAY_PACKAGES.map((p) => ({ ...p, trending: true }))
    expect(titles(filterPackages(allTrending, 'Trending'))).toEqual([
      'Bali',
      'Dubai',
      'Singapore and Malaysia',
      'Goa',
      'Kerala',
      'Kashmir',
    ])
  })

  it('International and Domestic show up to 10 of their scope', () => {
    expect(titles(filterPackages(HOLIDAY_PACKAGES, 'International'))).toEqual(INTERNATIONAL)
    expect(titles(filterPackages(HOLIDAY_PACKAGES, 'Domestic'))).toEqual(DOMESTIC)
    const doubled = [...HOLIDAY_PACKAGES, ...HOLIDAY_PACKAGES.map((p) => ({ ...p, id: `${p.id}-2` }))]
    expect(filterPackages(doubled, 'International')).toHaveLength(10)
    expect(filterPackages(doubled, 'Domestic')).toHaveLength(10)
  })

  it('Budget shows the chosen scope in the chosen band, cheapest first, up to 12', () => {
    expect(titles(filterPackages(HOLIDAY_PACKAGES, 'Budget', DEFAULT_BUDGET))).toEqual(['Rishikesh', 'Goa', 'Manali'])
    const band = (scope: BudgetChoice['scope'], index: number) =>
      titles(filterPackages(HOLIDAY_PACKAGES, 'Budget', { scope, band: BUDGET_BANDS[scope][index]?.id ?? '' }))
    expect(band('Domestic', 1)).toEqual(['Jaipur', 'Coorg', 'Udaipur', 'Kerala'])
    expect(band('Domestic', 2)).toEqual(['Kashmir', 'Andaman'])
    expect(band('Domestic', 3)).toEqual(['Ladakh'])
    expect(band('International', 0)).toEqual(['Dubai'])
    expect(band('International', 1)).toEqual(['Qatar', 'Oman', 'Bali', 'Georgia'])
    expect(band('International', 2)).toEqual(['Singapore and Malaysia', 'Maldives'])
    expect(band('International', 3)).toEqual(['Paris', 'Japan', 'New Zealand'])

    const many = Array.from({ length: 15 }, (_, i) => ({ ...HOLIDAY_PACKAGES[10]!, id: `goa-${i}`, price: 5_000 + i }))
    expect(filterPackages(many, 'Budget', DEFAULT_BUDGET)).toHaveLength(12)
  })

  it('gives every budget band of both scopes at least one package', () => {
    for (const scope of ['Domestic', 'International'] as const) {
      for (const b of BUDGET_BANDS[scope]) {
        expect(filterPackages(HOLIDAY_PACKAGES, 'Budget', { scope, band: b.id }).length, b.label).toBeGreaterThan(0)
      }
    }
  })
})

describe('the budget bands', () => {
  it('are the spec bands, bounds inclusive', () => {
    const bounds = (scope: 'Domestic' | 'International') => BUDGET_BANDS[scope].map((b) => [b.min, b.max])
    expect(bounds('Domestic')).toEqual([
      [0, 15_000],
      [15_000, 30_000],
      [30_000, 50_000],
      [50_000, undefined],
    ])
    expect(bounds('International')).toEqual([
      [0, 40_000],
      [40_000, 80_000],
      [80_000, 150_000],
      [150_000, undefined],
    ])
    const [under15k, from15k] = BUDGET_BANDS.Domestic as readonly BudgetBand[] as [BudgetBand, BudgetBand]
    expect(inBand(15_000, under15k)).toBe(true)
    expect(inBand(15_000, from15k)).toBe(true)
    expect(inBand(15_001, under15k)).toBe(false)
    expect(inBand(14_999, from15k)).toBe(false)
    const top = BUDGET_BANDS.International[3] as BudgetBand
    expect(inBand(150_000, top)).toBe(true)
    expect(inBand(149_999, top)).toBe(false)
    expect(inBand(10_00_00_000, top)).toBe(true)
  })

  it('start at the first band of a scope whenever the scope changes', () => {
    expect(DEFAULT_BUDGET).toEqual({ scope: 'Domestic', band: 'under-15k' })
    expect(budgetForScope('International')).toEqual({ scope: 'International', band: 'under-40k' })
    expect(budgetForScope('Domestic')).toEqual({ scope: 'Domestic', band: 'under-15k' })
    // A band of the other scope is never kept: it reads as that scope's first band.
    expect(budgetBand({ scope: 'International', band: '15k-30k' }).id).toBe('under-40k')
  })
})

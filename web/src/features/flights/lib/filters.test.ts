import { describe, expect, it } from 'vitest'
import { flightResult } from '@/testing/flights'
import {
  airlineCodesFrom,
  applyFilters,
  applyViewFilters,
  INITIAL_FILTERS,
  INITIAL_VIEW_FILTERS,
  numericPriceInput,
  priceBoundPaise,
  sortFlights,
  sortForView,
  stopsMatch,
  type FilterState,
} from './filters'
import { toListFlight, type ListFlight } from './results'

function flight(o: Parameters<typeof flightResult>[0]): ListFlight {
  const f = toListFlight(flightResult(o))
  if (!f) throw new Error('no flight')
  return f
}

const list = [
  flight({
    n: 1,
    airline: 'AI',
    airlineName: 'Air India',
    price: '7450',
    stops: 1,
    depart: '09:00',
    durationMins: 200,
  }),
  flight({
    n: 2,
    airline: '6E',
    airlineName: 'IndiGo',
    price: '5293.46',
    stops: 0,
    depart: '06:05',
    durationMins: 130,
  }),
  flight({ n: 3, airline: 'UK', airlineName: 'Vistara', price: '6100', stops: 2, depart: '07:30', durationMins: 320 }),
  flight({
    n: 4,
    airline: 'SG',
    airlineName: 'SpiceJet',
    price: '5293.45',
    stops: 3,
    depart: '05:00',
    durationMins: 150,
  }),
]
const ids = (flights: ListFlight[]) => flights.map((f) => f.id.slice(0, 4))
const state = (patch: Partial<FilterState>): FilterState => ({ ...INITIAL_FILTERS, sort: 'none', ...patch })

describe('stopsMatch', () => {
  it.each([
    ['any', 0, true],
    ['any', 3, true],
    ['0', 0, true],
    ['0', 1, false],
    ['1', 1, true],
    ['1', 2, false],
    ['2+', 1, false],
    ['2+', 2, true],
    ['2+', 4, true],
  ] as const)('%s with %i stops: %s', (filter, stops, want) => {
    expect(stopsMatch(stops, filter)).toBe(want)
  })
})

describe('applyFilters', () => {
  it('keeps everything, in the original order, with no filter and an unknown sort', () => {
    expect(ids(applyFilters(list, state({})))).toEqual(['OB1[', 'OB2[', 'OB3[', 'OB4['])
  })

  it("filters by stops: exact counts, and '2+' as two or more", () => {
    expect(ids(applyFilters(list, state({ stops: '0' })))).toEqual(['OB2['])
    expect(ids(applyFilters(list, state({ stops: '1' })))).toEqual(['OB1['])
    expect(ids(applyFilters(list, state({ stops: '2+' })))).toEqual(['OB3[', 'OB4['])
  })

  it('matches airlines by code or name, in any case', () => {
    expect(ids(applyFilters(list, state({ airlines: new Set(['ai']) })))).toEqual(['OB1['])
    expect(ids(applyFilters(list, state({ airlines: new Set(['INDIGO', 'vistara']) })))).toEqual(['OB2[', 'OB3['])
    expect(ids(applyFilters(list, state({ airlines: new Set(['Air India Express']) })))).toEqual([])
  })

  it('bounds the price in paise, inclusive, exactly to the paisa; empty bounds are none', () => {
    expect(ids(applyFilters(list, state({ minPrice: '5293.46' })))).toEqual(['OB1[', 'OB2[', 'OB3['])
    expect(ids(applyFilters(list, state({ maxPrice: '5293.45' })))).toEqual(['OB4['])
    expect(ids(applyFilters(list, state({ minPrice: '6000', maxPrice: '7450' })))).toEqual(['OB1[', 'OB3['])
    expect(ids(applyFilters(list, state({ minPrice: '', maxPrice: '' })))).toHaveLength(4)
  })

  it('sorts cheapest by price, fastest by duration, earliest by departure', () => {
    expect(ids(applyFilters(list, state({ sort: 'cheapest' })))).toEqual(['OB4[', 'OB2[', 'OB3[', 'OB1['])
    expect(ids(applyFilters(list, state({ sort: 'fastest' })))).toEqual(['OB2[', 'OB4[', 'OB1[', 'OB3['])
    expect(ids(applyFilters(list, state({ sort: 'earliest' })))).toEqual(['OB4[', 'OB2[', 'OB3[', 'OB1['])
  })

  it('does not change the list it is given', () => {
    const copy = [...list]
    sortFlights(list, 'cheapest')
    expect(list).toEqual(copy)
  })
})

describe('search view sorts and filters', () => {
  const view = [
    flight({ n: 1, price: '5000', stops: 1, depart: '06:00' }),
    flight({ n: 2, price: '6000', stops: 0, depart: '09:00' }),
    flight({ n: 3, price: '4000', stops: 2, depart: '12:00' }),
    flight({ n: 4, price: '7000', stops: 0, depart: '05:00' }),
    flight({ n: 5, price: '4500', stops: 0, depart: '05:00' }),
  ]
  it('cheapest, non-stop first then price, you may prefer = earliest then price', () => {
    expect(ids(sortForView(view, 'cheapest'))).toEqual(['OB3[', 'OB5[', 'OB1[', 'OB2[', 'OB4['])
    expect(ids(sortForView(view, 'nonstop'))).toEqual(['OB5[', 'OB2[', 'OB4[', 'OB3[', 'OB1['])
    expect(ids(sortForView(view, 'preferred'))).toEqual(['OB5[', 'OB4[', 'OB1[', 'OB2[', 'OB3['])
  })

  it('stop checkboxes: none ticked is every flight, several ticked are any of them', () => {
    expect(applyViewFilters(view, INITIAL_VIEW_FILTERS)).toHaveLength(5)
    expect(ids(applyViewFilters(view, { ...INITIAL_VIEW_FILTERS, stops: new Set(['1', '2+'] as const) }))).toEqual([
      'OB3[',
      'OB1[',
    ])
  })
})

describe('typed values', () => {
  it('keeps numbers only in a price field, with one point and two decimals at most', () => {
    expect(numericPriceInput('4,999')).toBe('4999')
    expect(numericPriceInput('₹ 12a3')).toBe('123')
    expect(numericPriceInput('1.2.3')).toBe('1.23')
    expect(numericPriceInput('99.999')).toBe('99.99')
    expect(numericPriceInput('-5')).toBe('5')
    expect(numericPriceInput('')).toBe('')
  })

  it('reads a rupee bound as exact paise, empty or unreadable as no bound', () => {
    expect(priceBoundPaise('')).toBeNull()
    expect(priceBoundPaise('  ')).toBeNull()
    expect(priceBoundPaise('abc')).toBeNull()
    expect(priceBoundPaise('4999')).toBe(499900)
    expect(priceBoundPaise('0.1')).toBe(10)
    expect(priceBoundPaise('5293.46')).toBe(529346)
    expect(priceBoundPaise('12.')).toBe(1200)
    // 1.15 * 100 in floating point is 114.99999999999999.
    expect(priceBoundPaise('1.15')).toBe(115)
  })

  it('upper-cases airline codes typed into the free-text box', () => {
    expect(airlineCodesFrom('6e, ai  uk,,')).toEqual(['6E', 'AI', 'UK'])
    expect(airlineCodesFrom('')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import {
  addLeg,
  canAddLeg,
  departureMin,
  initialSearchForm,
  legMin,
  removeLeg,
  returnMin,
  withDeparture,
} from './search-form'
import { buildSearchParams, MAX_LEGS, parseSearchQuery } from './search-query'

const TODAY = '2026-11-23'

describe('the flight search form', () => {
  it('starts as a round trip BOM → DEL today, one adult, any cabin, with three empty legs', () => {
    const form = initialSearchForm({}, TODAY)
    expect(form).toMatchObject({
      type: 'round',
      from: 'BOM',
      to: 'DEL',
      date: TODAY,
      returnDate: '',
      adults: 1,
      children: 0,
      infants: 0,
      cabin: 'any',
      airline: '',
      nonstop: false,
    })
    expect(form.legs).toEqual([
      { from: '', to: '', date: '' },
      { from: '', to: '', date: '' },
      { from: '', to: '', date: '' },
    ])
  })

  it('starts from a search read from the URL', () => {
    const query = parseSearchQuery(new URLSearchParams('type=multi&from1=DEL&to1=BOM&date1=2026-12-01'), TODAY)
    const form = initialSearchForm(query, TODAY)
    expect(form.type).toBe('multi')
    expect(form.legs).toHaveLength(3)
    expect(form.legs[0]).toEqual({ from: 'DEL', to: 'BOM', date: '2026-12-01' })
  })

  it('allows no departure before today', () => {
    expect(departureMin(TODAY)).toBe(TODAY)
  })

  it('allows no return before the departure, or before today without one', () => {
    expect(returnMin('2026-12-10', TODAY)).toBe('2026-12-10')
    expect(returnMin('', TODAY)).toBe(TODAY)
  })

  it('clears a return earlier than a newly chosen departure, and keeps one that is not', () => {
    const form = { ...initialSearchForm({}, TODAY), returnDate: '2026-12-05' }
    expect(withDeparture(form, '2026-12-06')).toMatchObject({ date: '2026-12-06', returnDate: '' })
    expect(withDeparture(form, '2026-12-05')).toMatchObject({ date: '2026-12-05', returnDate: '2026-12-05' })
    expect(withDeparture(form, '')).toMatchObject({ date: '', returnDate: '2026-12-05' })
  })

  it('dates the first leg from today and each later one from the leg before, or today', () => {
    const legs = [
      { from: 'BOM', to: 'DEL', date: '2026-12-01' },
      { from: 'DEL', to: 'BLR', date: '' },
      { from: 'BLR', to: 'BOM', date: '2026-12-09' },
      { from: 'BOM', to: 'GOI', date: '' },
    ]
    expect(legMin(legs, 0, TODAY)).toBe(TODAY)
    expect(legMin(legs, 1, TODAY)).toBe('2026-12-01')
    expect(legMin(legs, 2, TODAY)).toBe(TODAY)
    expect(legMin(legs, 3, TODAY)).toBe('2026-12-09')
  })

  it('adds legs up to the most a URL carries and removes them down to two', () => {
    let legs = initialSearchForm({}, TODAY).legs
    while (canAddLeg(legs)) legs = addLeg(legs)
    expect(legs).toHaveLength(MAX_LEGS)
    expect(addLeg(legs)).toHaveLength(MAX_LEGS)
    legs = [
      { from: 'A', to: '', date: '' },
      { from: 'B', to: '', date: '' },
      { from: 'C', to: '', date: '' },
    ]
    expect(removeLeg(legs, 1).map((l) => l.from)).toEqual(['A', 'C'])
    expect(removeLeg(removeLeg(legs, 1), 0)).toHaveLength(2)
  })

  it('writes the spec query for a fresh round trip with no return chosen', () => {
    expect(buildSearchParams(initialSearchForm({}, TODAY)).toString()).toBe(
      'from=BOM&to=DEL&date=2026-11-23&adults=1&children=0&infants=0&cabin=any&nonstop=false',
    )
  })
})

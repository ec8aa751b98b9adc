import { describe, expect, it } from 'vitest'
import { mealCodeOf, MEALS } from './meals'

describe('mealCodeOf', () => {
  it('reads a label or a code in any case', () => {
    expect(mealCodeOf('Kosher')).toBe('KSML')
    expect(mealCodeOf(' vjml ')).toBe('VJML')
    for (const m of MEALS) expect(mealCodeOf(m.label)).toBe(m.code)
  })

  it('reads the words people type for the common preferences', () => {
    expect(mealCodeOf('Veg')).toBe('AVML')
    expect(mealCodeOf('Jain food')).toBe('VJML')
    expect(mealCodeOf('Halal only')).toBe('MOML')
  })

  it('names no meal for no preference or one it does not know', () => {
    expect(mealCodeOf('')).toBe('')
    expect(mealCodeOf(undefined)).toBe('')
    expect(mealCodeOf('Non-veg')).toBe('')
    expect(mealCodeOf('Window seat')).toBe('')
  })
})

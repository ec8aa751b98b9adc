import { describe, expect, it } from 'vitest'
import { checkOutMin, hotelAlertText, initialHotelSearch, withCheckIn } from './hotel-search'

describe('the hotel search', () => {
  it('starts with one room of two adults and no children', () => {
    expect(initialHotelSearch()).toEqual({ location: '', checkIn: '', checkOut: '', adults: 2, children: 0 })
  })

  it('allows no check-out before the check-in, or before today without one', () => {
    expect(checkOutMin('2026-12-10', '2026-11-23')).toBe('2026-12-10')
    expect(checkOutMin('', '2026-11-23')).toBe('2026-11-23')
  })

  it('clears a check-out earlier than a new check-in', () => {
    const search = { ...initialHotelSearch(), checkOut: '2026-12-03' }
    expect(withCheckIn(search, '2026-12-04').checkOut).toBe('')
    expect(withCheckIn(search, '2026-12-01').checkOut).toBe('2026-12-03')
  })

  it('tells the location and the counts', () => {
    const text = hotelAlertText({
      location: ' Panaji ',
      checkIn: '2026-12-01',
      checkOut: '2026-12-03',
      adults: 1,
      children: 2,
    })
    expect(text).toBe(
      'Hotel location: Panaji\nCheck-in: 01-12-2026\nCheck-out: 03-12-2026\nRoom 1: 1 adult, 2 children',
    )
  })
})

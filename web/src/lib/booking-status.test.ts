import { describe, expect, it } from 'vitest'
import { tripStatusLabel, tripStatusPalette } from './booking-status'

describe('tripStatusLabel', () => {
  it('reads a booking by its status', () => {
    expect(tripStatusLabel({ status: 'ticketed' })).toBe('Ticketed')
    expect(tripStatusLabel({ status: 'unknown' })).toBe('Confirming with airline')
  })

  it('reads a ticketed booking by what its cancellations left', () => {
    expect(tripStatusLabel({ status: 'ticketed', cancellation: 'cancelling' })).toBe('Cancellation in progress')
    expect(tripStatusLabel({ status: 'ticketed', cancellation: 'partly_cancelled' })).toBe('Partly cancelled')
    expect(tripStatusLabel({ status: 'ticketed', cancellation: 'cancelled' })).toBe('Cancelled')
    expect(tripStatusPalette({ status: 'ticketed', cancellation: 'partly_cancelled' })).toBe('blue')
  })

  it('reads a state this app does not know by the booking status', () => {
    const future = { status: 'ticketed', cancellation: 'rebooked' } as unknown as Parameters<typeof tripStatusLabel>[0]
    expect(tripStatusLabel(future)).toBe('Ticketed')
    expect(tripStatusPalette(future)).toBe('green')
  })
})

// The hotel search form's rules (spec 2.4, 5, 9): one room, dates no earlier
// than today and a check-out no earlier than the check-in. It makes no call.
import { maxDate, toDisplayDate } from '@/lib/calendar-date'

export const ROOM_LIMITS = {
  adults: { min: 1, max: 9, initial: 2 },
  children: { min: 0, max: 9, initial: 0 },
} as const

export interface HotelSearch {
  location: string
  /** YYYY-MM-DD or ''. */
  checkIn: string
  checkOut: string
  adults: number
  children: number
}

export function initialHotelSearch(): HotelSearch {
  return {
    location: '',
    checkIn: '',
    checkOut: '',
    adults: ROOM_LIMITS.adults.initial,
    children: ROOM_LIMITS.children.initial,
  }
}

/** The earliest check-out: the check-in, or today when there is none (spec 5). */
export function checkOutMin(checkIn: string, today: string): string {
  return maxDate(checkIn, today)
}

/** A new check-in; a check-out now earlier than it is cleared. */
export function withCheckIn(search: HotelSearch, checkIn: string): HotelSearch {
  const clear = Boolean(checkIn && search.checkOut && search.checkOut < checkIn)
  return { ...search, checkIn, checkOut: clear ? '' : search.checkOut }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What 'Find Hotels' tells the visitor: the location and the counts (spec 2.4). */
export function hotelAlertText(search: HotelSearch): string {
  const lines = [
    `Hotel location: ${search.location.trim() || 'not given'}`,
    `Check-in: ${search.checkIn ? toDisplayDate(search.checkIn) : 'not chosen'}`,
    `Check-out: ${search.checkOut ? toDisplayDate(search.checkOut) : 'not chosen'}`,
    `Room 1: ${plural(search.adults, 'adult', 'adults')}, ${plural(search.children, 'child', 'children')}`,
  ]
  return lines.join('\n')
}

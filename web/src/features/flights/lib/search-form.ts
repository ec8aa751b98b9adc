// The rules of the flight search form (spec 2.4, 4, 5, 9), kept apart from
// its components so that each can be checked on its own.
import { maxDate, todayISO } from '@/lib/calendar-date'
import { DEFAULT_FROM, DEFAULT_TO, MAX_LEGS, TRAVELLER_LIMITS, type Leg, type SearchForm } from './search-query'

/** A multi-city search starts with this many legs (spec 9). */
export const INITIAL_LEGS = 3

const emptyLeg = (): Leg => ({ from: '', to: '', date: '' })

/**
 * The form's first values: BOM → DEL today, round trip, one adult, any cabin
 * (spec 9), overridden by what is given (a search read from the URL). A
 * multi-city form always shows at least three legs.
 */
export function initialSearchForm(initial: Partial<SearchForm> = {}, today = todayISO()): SearchForm {
  const legs = [...(initial.legs ?? [])]
  while (legs.length < INITIAL_LEGS) legs.push(emptyLeg())
  return {
    type: 'round',
    from: DEFAULT_FROM,
    to: DEFAULT_TO,
    date: today,
    returnDate: '',
    adults: TRAVELLER_LIMITS.adults.initial,
    children: TRAVELLER_LIMITS.children.initial,
    infants: TRAVELLER_LIMITS.infants.initial,
    cabin: 'any',
    airline: '',
    nonstop: false,
    ...initial,
    legs,
  }
}

/** The earliest departure: today (spec 5). */
export function departureMin(today = todayISO()): string {
  return today
}

/** The earliest return: the departure, or today when there is none (spec 5). */
export function returnMin(departure: string, today = todayISO()): string {
  return maxDate(departure, today)
}

/** A new departure date; a return now earlier than it is cleared (spec 4). */
export function withDeparture(form: SearchForm, date: string): SearchForm {
  const clearReturn = Boolean(date && form.returnDate && form.returnDate < date)
  return { ...form, date, returnDate: clearReturn ? '' : form.returnDate }
}

/** The earliest date of leg `index`: today for the first, else the previous leg's date or today (spec 5). */
export function legMin(legs: readonly Leg[], index: number, today = todayISO()): string {
  if (index <= 0) return today
  return maxDate(legs[index - 1]?.date ?? '', today)
}

/** Fewer legs would be a one-way trip. */
export const MIN_LEGS = 2

/** Whether another leg may be added: a search URL is read for at most MAX_LEGS legs. */
export function canAddLeg(legs: readonly Leg[]): boolean {
  return legs.length < MAX_LEGS
}

export function addLeg(legs: readonly Leg[]): Leg[] {
  return canAddLeg(legs) ? [...legs, emptyLeg()] : [...legs]
}

export function canRemoveLeg(legs: readonly Leg[]): boolean {
  return legs.length > MIN_LEGS
}

/** Removes leg `index`, never going below MIN_LEGS. */
export function removeLeg(legs: readonly Leg[], index: number): Leg[] {
  return canRemoveLeg(legs) ? legs.filter((_, i) => i !== index) : [...legs]
}

// Calendar dates as the forms and the URL carry them: a plain `YYYY-MM-DD`
// string; people read and type them dd-MM-yyyy (spec 5). "Today" is India's
// calendar day, the one the API checks departures against.
import { indiaDateISO } from './india-time'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Today in India as YYYY-MM-DD. */
export function todayISO(now: Date = new Date()): string {
  return indiaDateISO(now)
}

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isISODate(text: string): boolean {
  const m = ISO_DATE.exec(text)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** YYYY-MM-DD shown as dd-MM-yyyy (spec 5); anything else unchanged. */
export function toDisplayDate(iso: string): string {
  const m = ISO_DATE.exec(iso)
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso
}

/** dd-MM-yyyy read back as YYYY-MM-DD; '' when it is no real date. */
export function fromDisplayDate(text: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim())
  if (!m) return ''
  const iso = `${m[3]}-${m[2]}-${m[1]}`
  return isISODate(iso) ? iso : ''
}

/** The later of two dates, ignoring empty ones ('' when both are). */
export function maxDate(a: string, b: string): string {
  if (!a) return b
  if (!b) return a
  return a > b ? a : b
}

export type DateReading = { date: string; error?: undefined } | { date?: undefined; error: string }

/**
 * What a typed dd-MM-yyyy date field holds: '' when blank, the YYYY-MM-DD
 * date when it is a real day on or after `min`, else the reason it is not.
 */
export function readDateText(text: string, min = ''): DateReading {
  if (!text.trim()) return { date: '' }
  const date = fromDisplayDate(text)
  if (!date) return { error: 'Enter the date as dd-MM-yyyy.' }
  if (min && date < min) return { error: `Choose ${toDisplayDate(min)} or later.` }
  return { date }
}

// Calendar dates for the flight screens. A date is a plain `YYYY-MM-DD`
// string (what the API takes and the URL carries); "today" is India's
// calendar day, the one the API checks departures against. The basics
// (today, reading and showing dates) are in @/lib/calendar-date, shared with
// the hotel form.
import { isISODate } from '@/lib/calendar-date'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The date `days` later (earlier when negative). */
export function addDays(iso: string, days: number): string {
  const m = ISO_DATE.exec(iso)
  if (!m) return iso
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days))
  return d.toISOString().slice(0, 10)
}

const dayMonth = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

function utc(iso: string): Date | undefined {
  const m = ISO_DATE.exec(iso)
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined
}

/** "Tue, 1 Dec" for a date strip. */
export function formatShortDay(iso: string): string {
  const d = utc(iso)
  return d ? dayMonth.format(d) : iso
}

/** "Tue, 1 Dec 2026". */
export function formatLongDay(iso: string): string {
  const d = utc(iso)
  return d ? longDay.format(d) : iso
}

/** "HH:MM" of a supplier local time "YYYY-MM-DDTHH:MM:SS" ('' when unreadable); no time-zone shift. */
export function clockOf(localTime: string | null | undefined): string {
  const m = /T(\d{2}):(\d{2})/.exec(localTime ?? '')
  return m ? `${m[1]}:${m[2]}` : ''
}

/** A supplier local time ("2026-12-01T06:05:00") as "Tue, 1 Dec 2026, 06:05", with no time-zone shift. */
export function formatLocalDateTime(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0]
  if (!day) return value
  const clock = clockOf(value)
  return clock ? `${formatLongDay(day)}, ${clock}` : formatLongDay(day)
}

/** Minutes as "2h 05m". */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return ''
  const h = Math.floor(minutes / 60)
  const m = Math.round(minutes % 60)
  return `${h}h ${String(m).padStart(2, '0')}m`
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/**
 * The supplier's last ticket date for people, from either form it comes in:
 * "31AUG24" (day, month, two-digit year) or an ISO date-time. '' for null,
 * empty or unreadable values, so nothing ever reads "null".
 */
export function formatLastTicketDate(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  if (!text) return ''
  const compact = /^(\d{1,2})([A-Za-z]{3})(\d{2}|\d{4})$/.exec(text)
  if (compact) {
    const month = MONTHS.indexOf((compact[2] ?? '').toUpperCase())
    if (month < 0) return ''
    const yearText = compact[3] ?? ''
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
    const iso = `${year}-${String(month + 1).padStart(2, '0')}-${String(Number(compact[1])).padStart(2, '0')}`
    return isISODate(iso) ? formatLongDay(iso) : ''
  }
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text)
  if (iso && isISODate(iso[1] ?? '')) {
    const day = formatLongDay(iso[1] ?? '')
    return iso[2] && iso[3] ? `${day}, ${iso[2]}:${iso[3]}` : day
  }
  return ''
}

/**
 * Calendar days from one supplier local time to another, by their dates
 * alone ("2026-12-02T22:20:00" → "2026-12-03T00:30:00" is 1): how a card says
 * a flight lands the next day. 0 when either is unreadable.
 */
export function daysBetween(from: string, to: string): number {
  const a = /^(\d{4})-(\d{2})-(\d{2})/.exec(from)
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(to)
  if (!a || !b) return 0
  const day = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Math.round((day(b) - day(a)) / 86_400_000)
}

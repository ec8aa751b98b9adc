// Instants in India time. An instant is a moment the API records with its
// zone (an ISO timestamp ending in Z or an offset): a booking made or last
// changed, a payment taken, a refund or cancellation asked for or done, a
// device signed in or last active, an enquiry sent, a time to try again.
// People read them in India time, IST, whatever zone their device is in: a
// traveller abroad looking at an Indian booking sees what the airline, the
// payment and our team see. The text is put together here from the numbers
// of the India clock, so it reads the same in every browser.
//
// Which to use:
// - formatIndiaDateTime: an instant on its own ("27 Nov 2026, 3:41 am IST").
// - formatIndiaTime: an instant within the next hours ("3:41 am IST").
// - indiaDateISO: the India day of an instant as YYYY-MM-DD, for comparing
//   with calendar dates (today, in @/lib/calendar-date).
// - formatCountdown: time left, such as the time to pay ("14:05").
//
// Not for: calendar dates (travel dates, date of birth, a post's or a
// policy's date), which have no zone (@/lib/calendar-date and their
// feature's formatters), nor flight departures and arrivals, which are the
// airports' local times as the airline gives them, without a zone
// (features/flights/lib/dates.ts).

/**
 * India's one time zone, Asia/Kolkata: IST, UTC+05:30 all year, with no daylight saving, since October
 * 1945 (the time zone database's record of it). The clock is read from the offset rather than asked of
 * `Intl` with the zone's name: the first formatter of a zone loads its rules, about 13 ms on a laptop and
 * some 50 ms on a slow phone, and the early script of every flight page (today's date in India) would pay
 * for it before the page's search could start. india-time.test.ts holds the offset to `Intl`'s answer.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000

/** What follows a time of day, so that no one reads it in their own zone. */
const INDIA_ZONE_LABEL = 'IST'

/** An instant: an ISO timestamp with its zone, milliseconds since the epoch, or a Date. */
export type Instant = string | number | Date

// A string without a zone (an airport's local time, a calendar date) is no
// instant: the browser would read it in the device's zone.
const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i

// Month names as the rest of the app's dates write them (Indian English), made on first use: the first
// formatter of all costs the most, and a page that shows no instant need not pay for it.
let months: string[] | undefined
const monthNames = () => {
  if (months) return months
  const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' })
  return (months = Array.from({ length: 12 }, (_, m) => monthFormat.format(Date.UTC(2026, m, 1))))
}

interface IndiaClock {
  year: number
  /** 1–12. */
  month: number
  day: number
  /** 0–23. */
  hour: number
  minute: number
}

/** What India's calendar and clock read at the instant; undefined when it is none. */
function indiaClock(at: Instant | null | undefined): IndiaClock | undefined {
  if (at === null || at === undefined) return undefined
  if (typeof at === 'string' && !ZONED.test(at.trim())) return undefined
  const date = at instanceof Date ? at : new Date(typeof at === 'string' ? at.trim() : at)
  if (Number.isNaN(date.getTime())) return undefined
  // The UTC fields of the instant moved by India's offset are India's calendar and clock.
  const india = new Date(date.getTime() + INDIA_OFFSET_MS)
  return {
    year: india.getUTCFullYear(),
    month: india.getUTCMonth() + 1,
    day: india.getUTCDate(),
    hour: india.getUTCHours(),
    minute: india.getUTCMinutes(),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

function dayText(c: IndiaClock): string {
  return `${c.day} ${monthNames()[c.month - 1]} ${c.year}`
}

function clockText(c: IndiaClock): string {
  return `${c.hour % 12 || 12}:${pad(c.minute)} ${c.hour < 12 ? 'am' : 'pm'} ${INDIA_ZONE_LABEL}`
}

/** "27 Nov 2026, 3:41 am IST"; '' for no instant. */
export function formatIndiaDateTime(at: Instant | null | undefined): string {
  const c = indiaClock(at)
  return c ? `${dayText(c)}, ${clockText(c)}` : ''
}

/** "3:41 am IST"; '' for no instant. */
export function formatIndiaTime(at: Instant | null | undefined): string {
  const c = indiaClock(at)
  return c ? clockText(c) : ''
}

/** "2026-11-27", the India day of the instant; '' for no instant. */
export function indiaDateISO(at: Instant): string {
  const c = indiaClock(at)
  return c ? `${c.year}-${pad(c.month)}-${pad(c.day)}` : ''
}

/** Time left as a clock: "14:05", or "1:02:05" past an hour; seconds are rounded up, nothing below 0:00. */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms)) return ''
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = pad(seconds % 60)
  return h > 0 ? `${h}:${pad(m)}:${s}` : `${m}:${s}`
}

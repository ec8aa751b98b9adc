const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})/

/** A date as the account pages show it: YYYY-MM-DD, a longer timestamp trimmed to its date (spec 3). */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return ''
  const match = DATE_PREFIX.exec(value.trim())
  return match?.[1] ?? value.trim()
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * A departure as the supplier gives it (local time at the airport, no zone,
 * e.g. "2026-12-01T06:05:00"), shown like "Tue, 1 Dec 2026, 06:05" without any
 * time-zone shift.
 */
export function formatDeparture(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value.trim())
  if (!match) return value
  const [, y, m, d, hh, mm] = match
  const day = dayFormat.format(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))))
  return hh && mm ? `${day}, ${hh}:${mm}` : day
}

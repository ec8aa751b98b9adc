import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayISO } from './calendar-date'
import { formatCountdown, formatIndiaDateTime, formatIndiaTime, indiaDateISO } from './india-time'

// The device's zone must not matter: each block runs with the process in
// another zone, the far ends of the world's offsets among them.
const ZONES = ['America/New_York', 'Europe/London', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']

describe.each(ZONES)('India time on a device in %s', (zone) => {
  const before = process.env.TZ
  beforeAll(() => {
    process.env.TZ = zone
  })
  afterAll(() => {
    process.env.TZ = before
  })

  it('runs in that zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone)
  })

  it('shows an instant as India’s date and time, labelled IST', () => {
    expect(formatIndiaDateTime('2026-11-26T22:11:00Z')).toBe('27 Nov 2026, 3:41 am IST')
    expect(formatIndiaDateTime('2026-11-27T03:41:00+05:30')).toBe('27 Nov 2026, 3:41 am IST')
    expect(formatIndiaDateTime('2026-11-26T17:11:00-05:00')).toBe('27 Nov 2026, 3:41 am IST')
    expect(formatIndiaDateTime(Date.parse('2026-11-26T22:11:00Z'))).toBe('27 Nov 2026, 3:41 am IST')
    expect(formatIndiaDateTime(new Date('2026-11-26T22:11:00.123Z'))).toBe('27 Nov 2026, 3:41 am IST')
  })

  it('writes midnight, noon and the evening on a twelve-hour clock', () => {
    expect(formatIndiaDateTime('2026-11-26T18:30:00Z')).toBe('27 Nov 2026, 12:00 am IST')
    expect(formatIndiaDateTime('2026-11-27T06:30:00Z')).toBe('27 Nov 2026, 12:00 pm IST')
    expect(formatIndiaDateTime('2026-11-27T13:11:00Z')).toBe('27 Nov 2026, 6:41 pm IST')
    expect(formatIndiaDateTime('2026-12-31T18:45:00Z')).toBe('1 Jan 2027, 12:15 am IST')
  })

  it('keeps +05:30 all year, whatever the device’s summer time', () => {
    expect(formatIndiaDateTime('2026-07-01T00:00:00Z')).toBe('1 Jul 2026, 5:30 am IST')
    expect(formatIndiaDateTime('2026-03-08T07:30:00Z')).toBe('8 Mar 2026, 1:00 pm IST')
  })

  it('gives the time alone, and the India day as a calendar date', () => {
    expect(formatIndiaTime('2026-11-26T22:11:00Z')).toBe('3:41 am IST')
    expect(indiaDateISO('2026-11-26T22:11:00Z')).toBe('2026-11-27')
    expect(indiaDateISO(new Date('2026-11-26T18:29:59Z'))).toBe('2026-11-26')
    expect(todayISO(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27')
  })

  it('shows nothing for what is no instant', () => {
    for (const none of [undefined, null, '', 'soon', '2026-13-40T00:00:00Z', Number.NaN]) {
      expect(formatIndiaDateTime(none)).toBe('')
      expect(formatIndiaTime(none)).toBe('')
    }
    // Without a zone it is an airport's local time or a calendar date, which the device would shift.
    expect(formatIndiaDateTime('2026-12-01T06:05:00')).toBe('')
    expect(formatIndiaTime('2026-12-01')).toBe('')
  })
})

describe('India’s clock', () => {
  it('reads as the time zone database’s Asia/Kolkata does, from 1946 to 2100', () => {
    const kolkata = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    const iso = (at: number) => {
      const p = Object.fromEntries(kolkata.formatToParts(at).map((part) => [part.type, part.value.padStart(2, '0')]))
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
    }
    // "3:41 am IST" as "03:41".
    const clock = (text: string) => {
      const [, h, m, half] = /^(\d{1,2}):(\d{2}) (am|pm) IST$/.exec(text) ?? []
      return `${String((Number(h) % 12) + (half === 'pm' ? 12 : 0)).padStart(2, '0')}:${m}`
    }
    const wrong: string[] = []
    // Every 7 h 13 min across the range: each hour and minute of the day comes round, in every season.
    for (let at = Date.UTC(1946, 0, 1); at <= Date.UTC(2100, 11, 31); at += (7 * 60 + 13) * 60_000) {
      const read = `${indiaDateISO(at)}T${clock(formatIndiaTime(at))}`
      if (read !== iso(at)) wrong.push(`${new Date(at).toISOString()}: ${read}, not ${iso(at)}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours past an hour, seconds rounded up', () => {
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe('14:05')
    expect(formatCountdown(61_500)).toBe('1:02')
    expect(formatCountdown(999)).toBe('0:01')
    expect(formatCountdown(3_725_000)).toBe('1:02:05')
  })

  it('stops at 0:00', () => {
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-5_000)).toBe('0:00')
    expect(formatCountdown(Number.NaN)).toBe('')
  })
})

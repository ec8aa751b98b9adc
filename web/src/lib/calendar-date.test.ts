import { describe, expect, it } from 'vitest'
import { fromDisplayDate, readDateText, toDisplayDate } from './calendar-date'

describe('dates as people type them', () => {
  it('shows YYYY-MM-DD as dd-MM-yyyy and reads it back', () => {
    expect(toDisplayDate('2026-12-05')).toBe('05-12-2026')
    expect(fromDisplayDate('05-12-2026')).toBe('2026-12-05')
    expect(fromDisplayDate('31-02-2026')).toBe('')
  })

  it('takes a blank field as no date', () => {
    expect(readDateText('  ', '2026-11-23')).toEqual({ date: '' })
  })

  it('takes a real date on or after the minimum', () => {
    expect(readDateText('23-11-2026', '2026-11-23')).toEqual({ date: '2026-11-23' })
    expect(readDateText('01-01-2027', '2026-11-23')).toEqual({ date: '2027-01-01' })
  })

  it('refuses a date before the minimum, naming the minimum', () => {
    expect(readDateText('22-11-2026', '2026-11-23')).toEqual({ error: 'Choose 23-11-2026 or later.' })
  })

  it('refuses text that is no dd-MM-yyyy date', () => {
    expect(readDateText('2026-11-23')).toEqual({ error: 'Enter the date as dd-MM-yyyy.' })
    expect(readDateText('30-02-2027')).toEqual({ error: 'Enter the date as dd-MM-yyyy.' })
  })
})

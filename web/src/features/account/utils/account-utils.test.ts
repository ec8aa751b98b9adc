import { describe, expect, it } from 'vitest'
import { bandMessage, clampScore, whatsLeft } from './completion'
import { toDateInput } from './dates'
import { describeUserAgent } from './user-agent'

describe('toDateInput (spec 3: dates shown as YYYY-MM-DD)', () => {
  it.each([
    ['1991-03-09', '1991-03-09'],
    ['1991-03-09T00:00:00Z', '1991-03-09'],
    ['2031-01-31T00:00:00.000+05:30', '2031-01-31'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (value, expected) => {
    expect(toDateInput(value)).toBe(expected)
  })
})

describe('completion helpers', () => {
  it('words the complete band with the score', () => {
    expect(bandMessage('complete', 100)).toBe('Fantastic—100% complete.')
  })

  it('clamps the percentage to 0–100', () => {
    expect(clampScore(-5)).toBe(0)
    expect(clampScore(140)).toBe(100)
    expect(clampScore(Number.NaN)).toBe(0)
    expect(clampScore(42.4)).toBe(42)
  })

  it('keeps the server order between equal weights', () => {
    const items = (['pan', 'address', 'nationality'] as const).map((key) => ({
      key,
      label: key,
      weight: 5,
      completed: false,
    }))
    expect(whatsLeft(items).map((i) => i.key)).toEqual(['pan', 'address', 'nationality'])
  })
})

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0', 'Firefox on Android'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['', 'Unknown device'],
  ])('%s → %s', (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected)
  })
})

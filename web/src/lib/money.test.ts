import { describe, expect, it } from 'vitest'
import { formatINR, formatMoney, parsePaise, spokenINR, spokenMoney, toAmount } from './money'

describe('parsePaise', () => {
  it.each([
    ['5293.46', 529346n],
    ['4120', 412000n],
    ['0.1', 10n],
    ['0.05', 5n],
    ['5432.10', 543210n],
    ['-12.5', -1250n],
    ['-0', 0n],
    ['0.125', 13n],
    ['0.124', 12n],
    ['-0.125', -13n],
    // Past 2^53 paise a float would already be wrong.
    ['12345678901234567.89', 1234567890123456789n],
  ])('%s → %s paise', (amount, paise) => {
    expect(parsePaise(amount)).toBe(paise)
  })

  it.each(['', ' 1', '1,000', '1e3', '.5', '5.', '+5', 'NaN', '₹5', '1.2.3'])('refuses %j', (amount) => {
    expect(parsePaise(amount)).toBeNull()
  })

  it('adds parts exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect((parsePaise('0.1') ?? 0n) + (parsePaise('0.2') ?? 0n)).toBe(parsePaise('0.3'))
    expect(9876543210.1 + 0.2).not.toBe(9876543210.3)
    expect((parsePaise('9876543210.1') ?? 0n) + (parsePaise('0.2') ?? 0n)).toBe(parsePaise('9876543210.3'))
  })
})

describe('toAmount', () => {
  it('writes paise as the API writes amounts, and parsePaise reads them back', () => {
    expect(toAmount(159950n)).toBe('1599.50')
    expect(toAmount(0n)).toBe('0.00')
    expect(toAmount(-5n)).toBe('-0.05')
    for (const p of [1n, 99n, 100n, 123456789012345678n]) expect(parsePaise(toAmount(p))).toBe(p)
  })
})

describe('formatINR (Indian digit grouping)', () => {
  it.each([
    [12345650n, '₹1,23,456.50'],
    [499900n, '₹4,999'],
    [123456700n, '₹12,34,567'],
    [10000050n, '₹1,00,000.50'],
    [98765432130n, '₹98,76,54,321.30'],
    [5n, '₹0.05'],
    [0n, '₹0'],
    [99900n, '₹999'],
    [100000n, '₹1,000'],
    [-123450n, '-₹1,234.50'],
    [1234567890123456789n, '₹12,34,56,78,90,12,34,567.89'],
  ])('%s paise → %s', (paise, text) => {
    expect(formatINR(paise)).toBe(text)
  })
})

describe('formatMoney', () => {
  it('formats an API amount', () => {
    expect(formatMoney('9876543210.3')).toBe('₹9,87,65,43,210.30')
    expect(formatMoney('4999', 'INR')).toBe('₹4,999')
  })

  it('shows what it cannot read, and other currencies, as sent', () => {
    expect(formatMoney('n/a')).toBe('n/a')
    expect(formatMoney('12.5', 'USD')).toBe('USD 12.5')
  })
})

describe('spokenINR (what a screen reader says)', () => {
  it.each([
    [4562400n, '45,624 rupees'],
    [12345650n, '1,23,456 rupees 50 paise'],
    [529346n, '5,293 rupees 46 paise'],
    [100n, '1 rupee'],
    [1n, '0 rupees 1 paisa'],
    [0n, '0 rupees'],
    [-50000n, 'minus 500 rupees'],
  ])('%s paise → %s', (paise, words) => {
    expect(spokenINR(paise)).toBe(words)
  })

  it('says an API amount in words, and other currencies and unreadable amounts as sent', () => {
    expect(spokenMoney('45624')).toBe('45,624 rupees')
    expect(spokenMoney('5293.46', 'INR')).toBe('5,293 rupees 46 paise')
    expect(spokenMoney('12.5', 'USD')).toBe('USD 12.5')
    expect(spokenMoney('n/a')).toBe('n/a')
  })
})

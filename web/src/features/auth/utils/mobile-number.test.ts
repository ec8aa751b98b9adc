import { describe, expect, it } from 'vitest'
import { isValidMobile } from './mobile-number'

describe('isValidMobile (spec 5: digits only counted)', () => {
  it.each([
    ['+91', '9876543210', true],
    ['+91', '98765 43210', true],
    ['+91', '98765-43210', true],
    ['+91', '987654321', false],
    ['+91', '98765432101', false],
    ['+91', '', false],
    ['+91', 'abcdefghij', false],
    ['+971', '50123456', false],
    ['+971', '501234567', true],
    ['+971', '5012345678', true],
    ['+971', '50123456789', false],
    ['+1', '415555012', false],
    ['+1', '(415) 555-0123', true],
    ['+1', '41555501234', false],
    ['+44', '1234567', false],
    ['+44', '12345678', true],
    ['+44', '123456789012345', true],
  ])('%s %j → %s', (code, value, expected) => {
    expect(isValidMobile(code, value)).toBe(expected)
  })
})

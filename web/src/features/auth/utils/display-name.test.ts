import { describe, expect, it } from 'vitest'
import { greetingName, initialOf } from './display-name'

describe('greetingName (spec 2.2)', () => {
  it.each([
    ['Asha Rao', 'asha@example.in', 'Asha'],
    ['  Ravi   Kumar Shah ', 'r@example.in', 'Ravi'],
    ['', 'priya.n@example.in', 'priya.n'],
    ['   ', 'dev@example.in', 'dev'],
    [undefined, 'kiran@example.in', 'kiran'],
  ])('%j / %j → %j', (fullName, email, expected) => {
    expect(greetingName(fullName, email)).toBe(expected)
  })

  it('gives the avatar an upper-case initial', () => {
    expect(initialOf('asha')).toBe('A')
    expect(initialOf('')).toBe('?')
  })
})

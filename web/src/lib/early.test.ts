import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEarly, takeEarly, takeSettled } from './early'

afterEach(() => {
  vi.useRealTimers()
})

describe('takeSettled', () => {
  it('gives an answer that has come, once, and leaves one still on its way to be taken', async () => {
    let answer: (value: string) => void = () => undefined
    startEarly('slow', () => new Promise<string>((resolve) => (answer = resolve)))
    expect(takeSettled('slow', (v: string) => v)).toBeUndefined()
    answer('here')
    await Promise.resolve()
    await Promise.resolve()
    expect(takeSettled('slow', (v: string) => v.toUpperCase())).toBe('HERE')
    expect(takeSettled('slow', (v: string) => v)).toBeUndefined()
    expect(takeEarly('slow')).toBeUndefined()
  })

  it('leaves an answer it cannot use, or a failure, for the page to take and show', async () => {
    startEarly('empty', () => Promise.resolve({ results: [] }))
    startEarly('failed', () => Promise.reject(new Error('502')))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(takeSettled('empty', () => undefined)).toBeUndefined()
    await expect(takeEarly('empty')).resolves.toEqual({ results: [] })
    expect(takeSettled('failed', () => 'never')).toBeUndefined()
    await expect(takeEarly('failed')).rejects.toThrow('502')
  })

  it('lets go of an answer nobody took within a minute', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T10:00:00Z') })
    startEarly('old', () => Promise.resolve('stale'))
    await Promise.resolve()
    await Promise.resolve()
    vi.advanceTimersByTime(61_000)
    expect(takeSettled('old', (v: string) => v)).toBeUndefined()
    expect(takeEarly('old')).toBeUndefined()
  })
})

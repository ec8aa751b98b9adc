import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, renderFlightFare, renderFlightResults, renderFrame } from '@/prerender'

vi.mock('@/features/flights/api/flights-client', () => ({
  searchFlights: vi.fn(() => new Promise(() => undefined)),
  getFareQuote: vi.fn(() => new Promise(() => undefined)),
  getFareRules: vi.fn(() => new Promise(() => undefined)),
}))

afterEach(() => {
  vi.useRealTimers()
})

describe('the pages rendered at build time', () => {
  // The build's Node process ends when nothing is left to run: a timer a page leaves behind (a
  // query's, until it may be forgotten) held the build ten minutes after its pages were written.
  it.each([
    ['the home page', () => render('/')],
    ['the frame', renderFrame],
    ['the results page', renderFlightResults],
    ['the fare page', renderFlightFare],
  ])('renders %s and leaves no timer running', (_, renderPage) => {
    vi.useFakeTimers()
    expect(renderPage()).toContain('<')
    expect(vi.getTimerCount()).toBe(0)
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { fareQuote, fareRules, search, startEarlyCalls } from './early'
import { getFareQuote, getFareRules, searchFlights } from './flights-client'

vi.mock('./flights-client', () => ({
  searchFlights: vi.fn(() => Promise.resolve({ from: 'network' })),
  getFareQuote: vi.fn(() => Promise.resolve({ quote: 'network' })),
  getFareRules: vi.fn(() => Promise.resolve({ rules: 'network' })),
}))

afterEach(() => {
  vi.useRealTimers()
})

const site = 'https://paryatan.example'

describe('startEarlyCalls', () => {
  it('starts the searches a results page makes, which the page then takes once instead of asking again', async () => {
    startEarlyCalls(new URL(`${site}/flights?from=BOM&to=DEL&date=2099-12-09&adults=2&children=0&infants=0&cabin=any`))
    expect(searchFlights).toHaveBeenCalledTimes(1)
    const [input] = vi.mocked(searchFlights).mock.calls[0]!
    expect(input).toMatchObject({ origin: 'BOM', destination: 'DEL' })

    // The page's own call, with the same input, gets the early answer: no second request.
    await expect(search(input)).resolves.toEqual({ from: 'network' })
    expect(searchFlights).toHaveBeenCalledTimes(1)
    // Taken once: the next search (a rerun) asks the network.
    await search(input)
    expect(searchFlights).toHaveBeenCalledTimes(2)
  })

  it('starts the quote and rules of a fare page, and lets go of a call nobody takes in time', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') })
    startEarlyCalls(new URL(`${site}/flights/fare?traceId=tr-1&resultIndex=OB7`))
    const trace = { traceId: 'tr-1', resultIndex: 'OB7' }
    expect(getFareQuote).toHaveBeenCalledWith(trace)
    expect(getFareRules).toHaveBeenCalledWith(trace)
    await fareQuote(trace)
    expect(getFareQuote).toHaveBeenCalledTimes(1)

    // The rules were asked a minute and more ago: the page asks afresh.
    vi.advanceTimersByTime(61_000)
    await fareRules(trace)
    expect(getFareRules).toHaveBeenCalledTimes(2)
  })

  it('starts nothing for other pages, or a fare page without its fare', () => {
    vi.mocked(searchFlights).mockClear()
    vi.mocked(getFareQuote).mockClear()
    startEarlyCalls(new URL(`${site}/offers`))
    startEarlyCalls(new URL(`${site}/flights/fare`))
    expect(searchFlights).not.toHaveBeenCalled()
    expect(getFareQuote).not.toHaveBeenCalled()
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createElement } from 'react'
import { startEarlyCalls } from '@/features/flights/api/early'
import { getFareQuote } from '@/features/flights/api/flights-client'
import { ItinerarySummary } from '@/features/flights/components/fare/fare-summary'
import { toListFlight } from '@/features/flights/lib/results'
import { saveTrace } from '@/features/flights/lib/selection'
import { renderFlightFare } from '@/prerender'
import { fareQuoteDocument, flightResult } from '@/testing/flights'
import { renderWithProviders } from '@/testing/test-utils'
import { fillFirstScreen } from './first-screen'

vi.mock('@/features/flights/api/flights-client', () => ({
  searchFlights: vi.fn(() => new Promise(() => undefined)),
  getFareQuote: vi.fn(),
  getFareRules: vi.fn(() => new Promise(() => undefined)),
}))

afterEach(() => {
  vi.useRealTimers()
  sessionStorage.clear()
})

/** A page rendered ahead of time: the results banner's line, laid out hidden, and a part of no known name. */
function page(): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = [
    '<p data-first-screen="search-summary" style="visibility: hidden">BOM → DEL on 01-01-2000 · 1 adult · Any cabin</p>',
    '<p data-first-screen="nothing-known" style="visibility: hidden">placeholder</p>',
  ].join('')
  return root
}

const part = (root: HTMLElement, name: string) => root.querySelector<HTMLElement>(`[data-first-screen="${name}"]`)!

describe('fillFirstScreen', () => {
  it("writes the address's search into the results banner and shows it", async () => {
    const root = page()
    await fillFirstScreen(
      root,
      new URL(
        'https://paryatan.example/flights?from=blr&to=GOI&date=2026-12-24&return=2026-12-31&adults=2&cabin=business',
      ),
    )
    const line = part(root, 'search-summary')
    expect(line.textContent).toBe('BLR → GOI on 24-12-2026, returning 31-12-2026 · 2 adults · Business')
    expect(line.style.visibility).toBe('visible')
  })

  it('leaves hidden what belongs to another page, and a part it does not know', async () => {
    const root = page()
    await fillFirstScreen(root, new URL('https://paryatan.example/flights/fare?traceId=t&resultIndex=r'))
    expect(part(root, 'search-summary').style.visibility).toBe('hidden')
    expect(part(root, 'search-summary').textContent).toContain('01-01-2000')
    await fillFirstScreen(root, new URL('https://paryatan.example/flights?from=BOM&to=DEL&date=2026-12-09'))
    expect(part(root, 'nothing-known').style.visibility).toBe('hidden')
    expect(part(root, 'nothing-known').textContent).toBe('placeholder')
  })
})

const site = 'https://paryatan.example'

/** The fare page as the build renders it ahead of time (pages/flights/fare.html's #root). */
function farePage(): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = renderFlightFare()
  return root
}

/** An element's HTML without the styles rendering ahead of time puts beside it. */
function withoutStyles(el: Element): string {
  const copy = el.cloneNode(true) as Element
  copy.querySelectorAll('style').forEach((style) => style.remove())
  return copy.outerHTML
}

/** A round trip: out with a connection, the first flight a codeshare; back non-stop. */
function roundTrip() {
  const out = flightResult({ n: 3, stops: 1, operatingCarrier: 'AI', airline: 'UK', airlineName: 'Vistara' })
  const back = flightResult({ n: 4, from: 'DEL', to: 'BOM', date: '2027-01-22', depart: '19:40' })
  return { ...out, Segments: [out.Segments[0]!, back.Segments[0]!] }
}

describe('fillFirstScreen on the fare page rendered ahead of time', () => {
  it('draws the quote\'s itinerary, line for line as the app then renders it, in place of "Loading fare…"', async () => {
    const result = roundTrip()
    vi.mocked(getFareQuote).mockResolvedValue(fareQuoteDocument(result))
    const url = new URL(`${site}/flights/fare?traceId=tr-draw&resultIndex=${encodeURIComponent(result.ResultIndex)}`)
    startEarlyCalls(url)
    const root = farePage()
    const card = part(root, 'fare-itinerary')
    expect(card.style.visibility).toBe('')
    expect(root.querySelector('[data-first-screen-until="fare-itinerary"]')?.textContent).toBe('Loading fare…')

    await fillFirstScreen(root, url)
    expect(card.style.visibility).toBe('visible')
    expect(root.querySelector<HTMLElement>('[data-first-screen-until="fare-itinerary"]')!.style.display).toBe('none')

    const drawn = card.querySelector('section')!
    expect(drawn.textContent).toContain('UK-103')
    expect(drawn.textContent).toContain('Operated by AI')
    expect(drawn.textContent).toContain('DEL → BOM')
    const app = renderWithProviders(createElement(ItinerarySummary, { legs: toListFlight(result)!.legs }))
    expect(withoutStyles(drawn)).toBe(withoutStyles(app.container.querySelector('section')!))
  })

  it('leaves the page to the app when the quote fails or holds no fare', async () => {
    const failing = flightResult({ n: 5 })
    vi.mocked(getFareQuote).mockRejectedValueOnce(new Error('Session expired'))
    const url = new URL(`${site}/flights/fare?traceId=tr-fail&resultIndex=${encodeURIComponent(failing.ResultIndex)}`)
    startEarlyCalls(url)
    const root = farePage()
    await fillFirstScreen(root, url)

    const empty = fareQuoteDocument(flightResult({ n: 6 }))
    empty.Response.Results = null as never
    vi.mocked(getFareQuote).mockResolvedValueOnce(empty)
    const emptyUrl = new URL(`${site}/flights/fare?traceId=tr-empty&resultIndex=OB6`)
    startEarlyCalls(emptyUrl)
    const other = farePage()
    await fillFirstScreen(other, emptyUrl)

    for (const page of [root, other]) {
      expect(part(page, 'fare-itinerary').style.visibility).toBe('')
      expect(page.querySelector<HTMLElement>('[data-first-screen-until="fare-itinerary"]')!.style.display).toBe('')
    }
  })

  it("writes how long the visit's fares are held, and takes the line away when it knows of none", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T10:00:00Z'), toFake: ['Date'] })
    saveTrace('tr-held', Date.now() - 61_000)
    const root = farePage()
    await fillFirstScreen(root, new URL(`${site}/flights/fare?traceId=tr-held&resultIndex=OB1`))
    expect(part(root, 'fare-time-left').textContent).toBe('Fares held for 13:59')
    expect(part(root, 'fare-time-left').style.visibility).toBe('visible')

    const unknown = farePage()
    await fillFirstScreen(unknown, new URL(`${site}/flights/fare?traceId=tr-other&resultIndex=OB1`))
    expect(part(unknown, 'fare-time-left').style.display).toBe('none')
  })
})

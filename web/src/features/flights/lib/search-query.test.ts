import { describe, expect, it } from 'vitest'
import { parseSearchQuery, searchRoute, searchSummary } from './search-query'
import summaries from './search-summaries.json'

const summaryOf = (query: string) => searchSummary(parseSearchQuery(new URLSearchParams(query), '2026-11-28'))

describe('searchSummary', () => {
  it('reads a one-way search as the results banner shows it (spec 2.13)', () => {
    expect(summaryOf('from=BOM&to=DEL&date=2026-12-09&adults=1&cabin=any')).toBe(
      'BOM → DEL on 09-12-2026 · 1 adult · Any cabin',
    )
    expect(summaryOf('from=bom&to=del&adults=3&cabin=premium')).toBe(
      'BOM → DEL on 28-11-2026 · 3 adults · Premium Economy',
    )
  })

  it('adds the return day of a round trip', () => {
    expect(summaryOf('from=DEL&to=GOI&date=2026-12-20&return=2026-12-27&adults=2')).toBe(
      'DEL → GOI on 20-12-2026, returning 27-12-2026 · 2 adults · Any cabin',
    )
  })

  it("follows a multi-city trip's legs from its first day", () => {
    const query = 'type=multi&from1=BOM&to1=DXB&date1=2026-12-10&from2=DXB&to2=LHR&date2=2026-12-14&cabin=business'
    expect(summaryOf(query)).toBe('BOM → DXB → LHR on 10-12-2026 · 1 adult · Business')
    expect(searchRoute(parseSearchQuery(new URLSearchParams('type=multi')))).toBe('')
  })

  // The server writes the same line into the results page's HTML (internal/httpapi/first_screen.go), held
  // to the same table: the page then paints it before any script has run, and the app writes it again.
  it.each(summaries.cases)('writes "$summary" for ?$query, as the server does', ({ query, summary }) => {
    expect(searchSummary(parseSearchQuery(new URLSearchParams(query), summaries.today))).toBe(summary)
  })
})

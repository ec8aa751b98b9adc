import { describe, expect, it } from 'vitest'
import { fillFirstScreen } from './first-screen'

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
  it("writes the address's search into the results banner and shows it", () => {
    const root = page()
    fillFirstScreen(
      root,
      new URL(
        'https://paryatan.example/flights?from=blr&to=GOI&date=2026-12-24&return=2026-12-31&adults=2&cabin=business',
      ),
    )
    const line = part(root, 'search-summary')
    expect(line.textContent).toBe('BLR → GOI on 24-12-2026, returning 31-12-2026 · 2 adults · Business')
    expect(line.style.visibility).toBe('visible')
  })

  it('leaves hidden what belongs to another page, and a part it does not know', () => {
    const root = page()
    fillFirstScreen(root, new URL('https://paryatan.example/flights/fare?traceId=t&resultIndex=r'))
    expect(part(root, 'search-summary').style.visibility).toBe('hidden')
    expect(part(root, 'search-summary').textContent).toContain('01-01-2000')
    fillFirstScreen(root, new URL('https://paryatan.example/flights?from=BOM&to=DEL&date=2026-12-09'))
    expect(part(root, 'nothing-known').style.visibility).toBe('hidden')
    expect(part(root, 'nothing-known').textContent).toBe('placeholder')
  })
})

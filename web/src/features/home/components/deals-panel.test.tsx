import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryRouter } from '@/testing/test-utils'
import { appSystem } from '@/theme'
import { DealsPanel } from './deals-panel'

const ORDER = ['Visa', 'Flights', 'Holidays', 'Cruises', 'Hotels']

function renderPanel() {
  const { router, element } = memoryRouter(<DealsPanel />)
  render(<ChakraProvider value={appSystem()}>{element}</ChakraProvider>)
  return router
}

/** The title of the slide on screen, read from the dot marked current and the slide not made inert. */
function current(): string {
  const dot = screen.getAllByRole('button', { name: /^Show .* deals$/ }).find((b) => b.getAttribute('aria-current'))
  const slide = screen.getAllByTestId('deal-slide').filter((s) => !s.hasAttribute('inert'))
  expect(slide).toHaveLength(1)
  const title = /^Show (.*) deals$/.exec(dot?.getAttribute('aria-label') ?? '')?.[1] ?? ''
  expect(slide[0]).toHaveAttribute('aria-label', `${ORDER.indexOf(title) + 1} of 5: ${title}`)
  return title
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  )
}

describe('DealsPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('shows Visa, Flights, Holidays, Cruises and Hotels, one every 3800 ms, and wraps around', () => {
    renderPanel()
    const seen = [current()]
    for (let i = 0; i < ORDER.length; i++) {
      advance(3799)
      expect(current()).toBe(seen[seen.length - 1])
      advance(1)
      seen.push(current())
    }
    expect(seen).toEqual([...ORDER, 'Visa'])
  })

  it('slides with a 700 ms transition', () => {
    renderPanel()
    const track = screen.getByTestId('deals-track')
    expect(getComputedStyle(track).transition).toContain('700ms')
    advance(3800)
    expect(getComputedStyle(track).transform).toBe('translateX(-100%)')
  })

  it('shows the badge and jumps to a slide from its dot, which then gets a full interval', () => {
    renderPanel()
    expect(screen.getByText('100% Refund*')).toBeInTheDocument()
    advance(2000)
    fireEvent.click(screen.getByRole('button', { name: 'Show Cruises deals' }))
    expect(current()).toBe('Cruises')
    expect(screen.getByRole('button', { name: 'Show Cruises deals' })).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('button', { name: 'Show Visa deals' })).not.toHaveAttribute('aria-current')
    advance(3799)
    expect(current()).toBe('Cruises')
    advance(1)
    expect(current()).toBe('Hotels')
  })

  it('holds the slide while the pointer is over the panel and moves on a full interval after it leaves', () => {
    renderPanel()
    const panel = screen.getByRole('region', { name: /Deals/ })
    advance(3000)
    fireEvent.mouseEnter(panel)
    advance(20_000)
    expect(current()).toBe('Visa')
    fireEvent.mouseLeave(panel)
    advance(3799)
    expect(current()).toBe('Visa')
    advance(1)
    expect(current()).toBe('Flights')
  })

  it('holds the slide while keyboard focus is inside it', () => {
    renderPanel()
    const dot = screen.getByRole('button', { name: 'Show Visa deals' })
    act(() => dot.focus())
    advance(20_000)
    expect(current()).toBe('Visa')
    // Focus moving between the dots stays inside.
    act(() => screen.getByRole('button', { name: 'Show Hotels deals' }).focus())
    advance(20_000)
    expect(current()).toBe('Visa')
    act(() => screen.getByRole('button', { name: 'Show Hotels deals' }).blur())
    advance(3800)
    expect(current()).toBe('Flights')
  })

  it('stops and starts again with the visible Pause and Play control', () => {
    renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    advance(20_000)
    expect(current()).toBe('Visa')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    advance(3800)
    expect(current()).toBe('Flights')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument()
  })

  it('does not rotate for visitors who prefer reduced motion, but the dots and Play still work', () => {
    mockReducedMotion(true)
    renderPanel()
    advance(20_000)
    expect(current()).toBe('Visa')
    fireEvent.click(screen.getByRole('button', { name: 'Show Hotels deals' }))
    expect(current()).toBe('Hotels')
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    advance(3800)
    expect(current()).toBe('Visa')
  })

  it('lets only the slide on screen be reached, and links each slide somewhere real', () => {
    const router = renderPanel()
    const slides = screen.getAllByTestId('deal-slide')
    expect(slides.filter((s) => s.hasAttribute('inert'))).toHaveLength(4)
    const targets = slides.map((slide) =>
      within(slide)
        .getAllByRole('link', { hidden: true })
        .map((a) => a.getAttribute('href')),
    )
    expect(targets[0]).toEqual(['/go/visa'])
    expect(targets[1]).toEqual([
      '/flights?from=DEL&to=BOM',
      '/flights?from=BLR&to=DEL',
      '/flights?from=BOM&to=GOI',
      '/flights?from=BOM&to=DXB',
      '/flights?from=DEL&to=BOM',
    ])
    expect(targets.slice(2)).toEqual([['/holidays'], ['/cruises'], ['/hotels']])
    fireEvent.click(within(slides[0] as HTMLElement).getByRole('link', { name: 'Apply for a visa' }))
    expect(router.state.location.pathname).toBe('/go/visa')
  })

  it('writes prices in rupees with Indian grouping', () => {
    renderPanel()
    const slides = screen.getAllByTestId('deal-slide')
    expect(within(slides[0] as HTMLElement).getByText('from ₹6,999')).toBeInTheDocument()
    expect(within(slides[2] as HTMLElement).getByText('₹54,999')).toBeInTheDocument()
    expect(within(slides[2] as HTMLElement).getByText('4 nights · Bestseller')).toBeInTheDocument()
    expect(within(slides[4] as HTMLElement).getByText('₹6,499 / night')).toBeInTheDocument()
  })

  it('has screen readers read each price in words, not the symbols shown', () => {
    renderPanel()
    const slides = screen.getAllByTestId('deal-slide')
    expect(within(slides[0] as HTMLElement).getByText('from ₹6,999')).toHaveAttribute('aria-hidden', 'true')
    expect(within(slides[0] as HTMLElement).getByText('from 6,999 rupees')).toBeInTheDocument()
    expect(within(slides[2] as HTMLElement).getByText('54,999 rupees')).toBeInTheDocument()
    expect(within(slides[4] as HTMLElement).getByText('6,499 rupees per night')).toBeInTheDocument()
  })
})

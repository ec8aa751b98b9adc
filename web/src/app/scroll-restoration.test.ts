import { afterEach, describe, expect, it, vi } from 'vitest'
import { focusHeadingAsItShows, keyThisEntry, openedFromElsewhere } from './scroll-restoration'

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  document.body.innerHTML = ''
  window.history.replaceState(null, '')
})

describe('keyThisEntry', () => {
  it("gives a full-page load its own key, so it never opens at another page's position", () => {
    // Every entry React Router did not create is keyed "default": two documents opened by full-page
    // loads shared one saved position.
    window.history.replaceState(null, '')
    keyThisEntry()
    const first = (window.history.state as { key: string }).key
    expect(first).toMatch(/^[a-z0-9]+$/)
    expect(first).not.toBe('default')

    window.history.replaceState({ usr: { from: 'fare' } }, '')
    keyThisEntry()
    const second = window.history.state as { key: string; usr: unknown }
    expect(second.key).not.toBe(first)
    expect(second.usr).toEqual({ from: 'fare' })
  })

  it('keeps the key of an entry that has one, so a reload finds its own position', () => {
    window.history.replaceState({ key: 'k3y', idx: 2 }, '')
    keyThisEntry()
    expect(window.history.state).toEqual({ key: 'k3y', idx: 2 })
  })
})

describe('openedFromElsewhere', () => {
  function navigation(type: NavigationTimingType, redirectCount = 0) {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type, redirectCount } as unknown as PerformanceEntry])
  }

  it('is true after a redirect or coming from another site, false for a reload, a typed address or a link here', () => {
    const referrer = vi.spyOn(document, 'referrer', 'get')
    navigation('navigate', 1)
    referrer.mockReturnValue('')
    expect(openedFromElsewhere()).toBe(true)

    navigation('navigate')
    referrer.mockReturnValue('https://checkout.gateway.example/pay/abc')
    expect(openedFromElsewhere()).toBe(true)

    referrer.mockReturnValue('')
    expect(openedFromElsewhere()).toBe(false)
    referrer.mockReturnValue(`${window.location.origin}/flights`)
    expect(openedFromElsewhere()).toBe(false)

    navigation('reload', 1)
    referrer.mockReturnValue('https://checkout.gateway.example/pay/abc')
    expect(openedFromElsewhere()).toBe(false)
  })
})

describe('focusHeadingAsItShows', () => {
  function page() {
    const main = document.createElement('main')
    main.tabIndex = -1
    document.body.append(main)
    return main
  }

  it('focuses the heading once it shows, and the new one when the page swaps it', async () => {
    const main = page()
    const stop = focusHeadingAsItShows(main)
    main.innerHTML = '<div>loading</div>'
    await Promise.resolve()
    expect(document.activeElement).toBe(document.body)

    main.innerHTML = '<h1>Your booking</h1>'
    await Promise.resolve()
    expect(document.activeElement).toHaveTextContent('Your booking')
    expect(document.activeElement).toHaveAttribute('tabindex', '-1')

    main.innerHTML = '<h1>Ticket issued</h1><p>PNR</p>'
    await Promise.resolve()
    expect(document.activeElement).toHaveTextContent('Ticket issued')
    stop()
  })

  it('lets go at the first key, and never takes the focus from what has it', async () => {
    const main = page()
    focusHeadingAsItShows(main)
    main.innerHTML = '<h1>Ticket issued</h1><button>Cancel booking</button>'
    await Promise.resolve()
    main.querySelector('button')!.focus()
    main.insertAdjacentHTML('beforeend', '<p>more</p>')
    await Promise.resolve()
    expect(document.activeElement).toHaveTextContent('Cancel booking')

    const other = page()
    focusHeadingAsItShows(other)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }))
    other.innerHTML = '<h1>Visa</h1>'
    await Promise.resolve()
    expect(document.activeElement).toHaveTextContent('Cancel booking')
  })

  it('stops after its time', async () => {
    vi.useFakeTimers()
    const main = page()
    focusHeadingAsItShows(main, 1_000)
    vi.advanceTimersByTime(1_001)
    main.innerHTML = '<h1>Late</h1>'
    await Promise.resolve()
    expect(document.activeElement).toBe(document.body)
  })
})

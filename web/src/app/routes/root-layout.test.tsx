import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { routes } from '../router'

// jsdom lays nothing out: the window's scroll position is what the page last scrolled to.
let scrollY = 0
const scrollTo = vi.fn()

beforeEach(() => {
  // Scroll positions are kept in session storage: each test starts with none.
  sessionStorage.clear()
  scrollWindow(0)
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY)
  scrollTo.mockImplementation((x: number | ScrollToOptions, y?: number) => {
    scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? scrollY)
  })
  vi.stubGlobal('scrollTo', scrollTo)
})

/** Scrolls the window as a browser does: the position, then a scroll event. */
function scrollWindow(y: number) {
  scrollY = y
  window.dispatchEvent(new Event('scroll'))
}

async function open(path: string) {
  const utils = renderRoutes({ routes, initialEntries: [path] })
  await screen.findByRole('heading', { level: 1 })
  // The first page takes its place (the top, or where an earlier visit left it) once its code is in.
  await waitFor(() => expect(scrollTo).toHaveBeenCalled())
  scrollTo.mockClear()
  const go = async (to: string | number) => {
    await act(async () => {
      if (typeof to === 'number') await utils.router.navigate(to)
      else await utils.router.navigate(to)
    })
  }
  return { ...utils, go }
}

describe('scroll restoration in the page shell', () => {
  it('sends a new page to the top', async () => {
    const { go } = await open('/hotels')
    scrollWindow(900)
    await go('/offers')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
    expect(scrollY).toBe(0)
  })

  it('brings back the position of each page on back and forward', async () => {
    const { go, router } = await open('/hotels')
    scrollWindow(1200)
    await go('/offers')
    scrollWindow(450)
    await go(-1)
    expect(router.state.location.pathname).toBe('/hotels')
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200)
    await go(1)
    expect(router.state.location.pathname).toBe('/offers')
    expect(scrollTo).toHaveBeenLastCalledWith(0, 450)
  })

  it('goes to the element a hash names instead of the top', async () => {
    const scrolledInto: string[] = []
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledInto.push(this.id)
    })
    const { go } = await open('/hotels')
    scrollWindow(700)
    await go('/offers#main')
    expect(scrolledInto).toEqual(['main'])
    expect(scrollTo).not.toHaveBeenCalled()
  })
})

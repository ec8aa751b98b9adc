import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RouteObject } from 'react-router'
import { reloadPage } from '@/lib/reload-page'
import { reloadForFailedChunk } from '@/lib/stale-chunk'
import { renderRoutes } from '@/testing/test-utils'
import { lazyRoute } from '../lazy-route'
import { routes } from '../router'
import { RootLayout } from './root-layout'

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }))

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
  const go = async (to: string | number, options?: { replace?: boolean }) => {
    await act(async () => {
      await utils.router.navigate(to, options)
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

  it('keeps its place when a page replaces its own query', async () => {
    const { go, router } = await open('/hotels')
    scrollWindow(800)
    await go('/hotels?from=mail', { replace: true })
    expect(router.state.location.search).toBe('?from=mail')
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('brings back the position after a reload', async () => {
    const first = await open('/hotels')
    scrollWindow(640)
    window.dispatchEvent(new Event('pagehide'))
    first.unmount()
    scrollY = 0
    // The reloaded tab opens the same history entry (the memory router's first entry has the same key).
    renderRoutes({ routes, initialEntries: ['/hotels'] })
    await screen.findByRole('heading', { level: 1, name: 'Hotels' })
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 640))
  })
})

describe('a page on its way', () => {
  it("shows the page's loading shape, never a blank body, while its code comes", async () => {
    let arrive!: (m: { Component: () => React.JSX.Element }) => void
    const table: RouteObject[] = [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/slow',
            ...lazyRoute(() => new Promise((resolve) => (arrive = resolve))),
          },
        ],
      },
    ]
    renderRoutes({ routes: table, initialEntries: ['/slow'] })
    const loading = await screen.findByTestId('page-loading')
    expect(loading).toHaveAttribute('role', 'status')
    expect(loading).toHaveTextContent('Loading page')
    await act(async () => arrive({ Component: () => <h1>Slow</h1> }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow' })).toBeInTheDocument()
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument()
  })
})

describe('a page that fails', () => {
  function Broken(): never {
    throw new Error('the page broke')
  }
  const table: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        { path: '/broken', Component: Broken },
        { path: '/unfetched', ...lazyRoute(() => Promise.reject(new Error('chunk not found'))) },
        {
          path: '/stale',
          ...lazyRoute(() =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/stale-Ab1.js')),
          ),
        },
        { path: '/fine', element: <h1>Fine</h1> },
      ],
    },
  ]

  afterEach(() => vi.mocked(reloadPage).mockClear())

  it.each(['/broken', '/unfetched'])(
    '%s shows the error inside the layout until the visitor moves on',
    async (path) => {
      // React reports the caught error on the console; the page is what matters here.
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { router } = renderRoutes({ routes: table, initialEntries: [path] })
      expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
      expect(screen.getByRole('banner')).toBeInTheDocument()
      await act(async () => {
        await router.navigate('/fine')
      })
      expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeInTheDocument()
      expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
    },
  )

  it('loads the page again when its code is gone (a release since the tab opened), once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderRoutes({ routes: table, initialEntries: ['/stale'] })
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1))
    // Nothing flashes up while the page loads again.
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('shows the error, with a way to try again, when the page loaded again fails the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // The load before this one already reloaded for the same address.
    reloadForFailedChunk()
    vi.mocked(reloadPage).mockClear()
    renderRoutes({ routes: table, initialEntries: ['/stale'] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(reloadPage).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  })
})

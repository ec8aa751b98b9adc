import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { Suspense, useLayoutEffect, type ReactElement, type ReactNode } from 'react'
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router'
import { onTestFinished } from 'vitest'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/lib/query-client'
import { appSystem } from '@/theme'
import { server } from './server'
import type { AuthUser } from './wire'

interface RenderRoutesOptions {
  routes: RouteObject[]
  initialEntries?: string[]
}

/** What a test reads of the router: where it is (as of the last render on screen), and a way to move. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType }
  /** Goes to an address (in a new history entry, or in place of this one), or back (-1) and forward (1). */
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>
}

/**
 * A memory router for a test, with the TestRouter that reads it: render `element` where the
 * router's children go.
 */
export function memoryRouter(children: ReactNode, initialEntries = ['/']) {
  let go: NavigateFunction | undefined
  const router: TestRouter = {
    state: {
      location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
      historyAction: 'POP' as NavigationType,
    },
    navigate: async (to, options) => {
      if (!go) throw new Error('the router has not rendered yet')
      if (typeof to === 'number') await go(to)
      else await go(to, options)
    },
  }
  function Probe() {
    const location = useLocation()
    const historyAction = useNavigationType()
    const navigate = useNavigate()
    useLayoutEffect(() => {
      router.state = { location, historyAction }
      go = navigate
    })
    return null
  }
  const element = (
    <MemoryRouter initialEntries={initialEntries}>
      <Probe />
      <Suspense fallback={null}>{children}</Suspense>
    </MemoryRouter>
  )
  return { router, element }
}

/** Renders a route table in a memory router with all app providers around it. */
export function renderRoutes({ routes, initialEntries = ['/'] }: RenderRoutesOptions) {
  const { router, element } = memoryRouter(<RouteTable routes={routes} />, initialEntries)
  const queryClient = createQueryClient()
  const utils = render(<AppProvider queryClient={queryClient}>{element}</AppProvider>)
  return { ...utils, router, queryClient }
}

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes)
}

export interface RecordedCall {
  method: string
  path: string
  /** The path with its query. */
  url: string
  /** The parsed JSON body, if any; read as the call starts, so it may land a moment later. */
  body: unknown
  request: Request
}

/** Records every call the test makes to the API from now on, in order. */
export function recordCalls(): RecordedCall[] {
  const calls: RecordedCall[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      url: url.pathname + url.search,
      body: undefined,
      request,
    }
    calls.push(call)
    void request
      .clone()
      .text()
      .then((text) => {
        call.body = text ? (JSON.parse(text) as unknown) : undefined
      })
  }
  server.events.on('request:start', listener)
  onTestFinished(() => {
    server.events.removeListener('request:start', listener)
  })
  return calls
}

/** A user as the API returns it. */
export function testUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    _id: '0b6c1a52-8d7e-4a38-9d55-3f1f5c0f2a11',
    fullName: 'Asha Rao',
    email: 'asha@example.in',
    accountType: 'personal',
    emailVerified: false,
    createdAt: '2026-11-01T10:00:00Z',
    ...overrides,
  }
}

/** A promise to settle from the test, for holding a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => {
    resolve = res
  })
  return { promise, resolve }
}

/** Renders a component with the theme and a fresh query cache (no router). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient()
  const utils = render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ChakraProvider>,
  )
  return { ...utils, queryClient }
}

/**
 * An element's text as a screen reader reads it: without what is hidden from
 * them (aria-hidden, such as the "₹45,624" shown beside "45,624 rupees"),
 * spaces collapsed.
 */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

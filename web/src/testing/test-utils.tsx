import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import type { AuthUser } from '@/features/auth/types'
import { createQueryClient } from '@/lib/query-client'
import { system } from '@/theme'

interface RenderRoutesOptions {
  routes: RouteObject[]
  initialEntries?: string[]
}

/** Renders a route table in a memory router with all app providers around it. */
export function renderRoutes({ routes, initialEntries = ['/'] }: RenderRoutesOptions) {
  const router = createMemoryRouter(routes, { initialEntries })
  const queryClient = createQueryClient()
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...utils, router, queryClient }
}

/** A fetch stub for `GET /api/auth/me` that answers like the server does without a session. */
export function signedOutFetch(): typeof fetch {
  return async () =>
    new Response(JSON.stringify({ error: 'not found' }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    })
}

/** A JSON response as the API writes it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}

export interface ApiCall {
  method: string
  path: string
  /** The parsed JSON body, if any. */
  body: unknown
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>

/**
 * Stubs fetch with handlers keyed "METHOD /path". `GET /api/auth/me` answers
 * 401 (signed out) unless given; any other unknown call answers 404.
 */
export function stubApi(handlers: Record<string, ApiHandler> = {}) {
  const calls: ApiCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const path = new URL(String(input), 'http://localhost').pathname
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { method, path, body }
    calls.push(call)
    const handler = handlers[`${method} ${path}`]
    if (handler) return handler(call)
    if (method === 'GET' && path === '/api/auth/me') {
      return jsonResponse({ error: 'unauthenticated', message: 'You are not signed in.' }, 401)
    }
    return jsonResponse({ error: 'not_found', message: 'Not found.' }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, calls }
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
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ChakraProvider>,
  )
  return { ...utils, queryClient }
}

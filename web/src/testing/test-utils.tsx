import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/lib/query-client'

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

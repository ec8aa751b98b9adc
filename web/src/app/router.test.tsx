import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { matchPath, type RouteObject } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { toProfileForm } from '@/features/account/utils/profile-fields'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { renderRoutes, testUser } from '@/testing/test-utils'
import { PAGE_PATHS } from './page-paths'
import { Redirect } from './routes/redirect'
import { routes } from './router'

const emptyProfile = toProfileForm(null)

/** The path patterns of the route table's pages: its leaves, without redirects and the catch-all. */
function pagePatterns(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    // A child's path is absolute (config/paths) or relative to its parent's.
    const here = route.path?.startsWith('/')
      ? route.path
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path}`
        : parent || '/'
    if (route.children) return pagePatterns(route.children, here)
    const isRedirect = (route.element as { type?: unknown } | undefined)?.type === Redirect
    if (route.path === '*' || isRedirect) return []
    return [here]
  })
}

describe('the pages the browser tests check', () => {
  const patterns = [...new Set(pagePatterns(routes))]
  const paths = [...PAGE_PATHS.visitor, ...PAGE_PATHS.signedIn].map((p) => p.split('?')[0]!)

  it('include an address for every page of the route table', () => {
    expect(patterns.length).toBeGreaterThan(40)
    const missing = patterns.filter((pattern) => !paths.some((path) => matchPath(pattern, path)))
    expect(missing, 'add an address for these routes to src/app/page-paths.ts').toEqual([])
  })

  it('are all pages of the route table', () => {
    const unknown = paths.filter((path) => !patterns.some((pattern) => matchPath(pattern, path)))
    expect(unknown).toEqual([])
  })
})

describe('route table', () => {
  // The visa page checks the session with the profile call: a visitor has none.
  beforeEach(() => {
    server.use(
      api.profile(() => HttpResponse.json({ error: 'unauthorized', message: 'Sign in first.' }, { status: 401 })),
    )
  })

  it.each([
    ['/flights/search?from=BOM&to=DEL&date=2026-12-01', '/flights', '?from=BOM&to=DEL&date=2026-12-01'],
    ['/flight?traceId=t1&resultIndex=OB2', '/flights/fare', '?traceId=t1&resultIndex=OB2'],
    ['/concierge?from=home&topic=holidays', '/go/concierge', '?from=home&topic=holidays'],
    ['/signin?ret=/contact', '/auth/login', '?ret=/contact'],
    ['/visa', '/go/visa', ''],
    ['/visas', '/go/visa', ''],
    ['/blog', '/blogs', ''],
    ['/my-trips', '/account/trips', ''],
  ])('redirects %s to %s (query %j)', async (from, pathname, search) => {
    // The results page, once there, searches; its answer is not what this test is about.
    server.use(
      api.flightSearch(() => HttpResponse.json({ error: 'supplier_unavailable' }, { status: 503 })),
      http.get('/airlines.min.json', () => HttpResponse.json({})),
    )
    const { router } = renderRoutes({ routes, initialEntries: ['/', from] })
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname))
    expect(router.state.location.search).toBe(search)
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it.each([
    ['/', 'Welcome to Paryatan', 'Home · Paryatan'],
    ['/support', 'Support', 'Support · Paryatan'],
    ['/hotels', 'Hotels', 'Hotels · Paryatan'],
    ['/auth/login', 'Sign in', 'Sign in · Paryatan'],
    ['/auth/register', 'Create account', 'Create account · Paryatan'],
    ['/blogs/schengen-visa-checklist', /^Schengen visa/, /^Schengen visa.* · Paryatan$/],
    ['/blog/schengen-visa-checklist', /^Schengen visa/, /^Schengen visa.* · Paryatan$/],
    ['/blogs/kerala-backwaters', 'Page not found', 'Page not found · Paryatan'],
    ['/careers', 'Careers', 'Careers · Paryatan'],
    ['/faq', 'Frequently asked questions', 'FAQ · Paryatan'],
    ['/visas/thailand', 'Thailand visa for Indians', 'Thailand visa for Indians · Paryatan'],
    ['/privacy', 'Privacy policy', 'Privacy policy · Paryatan'],
  ])('%s shows its heading and title', async (path, heading, title) => {
    renderRoutes({ routes, initialEntries: [path] })
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    await waitFor(() =>
      typeof title === 'string' ? expect(document.title).toBe(title) : expect(document.title).toMatch(title),
    )
  })

  it('shows the not-found page with a working Home link', async () => {
    const { router } = renderRoutes({ routes, initialEntries: ['/no/such/page'] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it.each([
    ['/account/profile', 'My Profile'],
    ['/flights/fare', 'Fare and booking'],
  ])('opens the sign-in dialog and renders nothing on %s when signed out', async (path, heading) => {
    renderRoutes({ routes, initialEntries: [path] })
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'PERSONAL ACCOUNT' })).toBeInTheDocument()
    expect(screen.getByLabelText('Mobile Number')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: heading })).not.toBeInTheDocument()
  })

  it.each(['/go/visa', '/go-for-visa?x=1'])('%s tells a visitor it is opening sign-in, and opens it', async (path) => {
    renderRoutes({ routes, initialEntries: [path] })
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    expect(screen.getByLabelText('Mobile Number')).toBeInTheDocument()
    expect(screen.getByText('Opening sign-in…')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Visa', hidden: true })).toBeInTheDocument()
  })

  // jsdom matches no media query, so the desktop header controls count as hidden: hence `hidden: true`.
  it('treats an HTML answer from /api/auth/me as signed out', async () => {
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.html('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      ),
    )
    renderRoutes({ routes, initialEntries: ['/'] })
    expect(await screen.findByRole('button', { name: 'Sign in', hidden: true })).toBeInTheDocument()
  })

  it('shows the protected page to a signed-in user', async () => {
    server.use(
      api.me(() => HttpResponse.json({ user: testUser({ fullName: 'Asha Rao', email: 'asha@example.in' }) })),
      api.profile(() => HttpResponse.json({ profile: emptyProfile })),
      api.profileCompletion(() => HttpResponse.json({ score: 0, band: 'start', breakdown: [], nextStep: null })),
    )
    renderRoutes({ routes, initialEntries: ['/account/profile'] })
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument()
    // The account menu's code loads once signed in.
    expect(await screen.findByRole('button', { name: /Hi, Asha/, hidden: true })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

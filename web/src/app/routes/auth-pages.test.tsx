import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, type RequestHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, errorReply, noContent } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderRoutes, testUser } from '@/testing/test-utils'
import { routes } from '../router'

const account = testUser()

/** A signed-in session that logging out ends; `overrides` answer first. Returns the calls made. */
function signedInApi(...overrides: RequestHandler[]) {
  let signedIn = true
  server.use(
    api.me(() => (signedIn ? HttpResponse.json({ user: account }) : errorReply(401, { error: 'unauthenticated' }))),
    api.logout(() => {
      signedIn = false
      return noContent()
    }),
  )
  if (overrides.length > 0) server.use(...overrides)
  return recordCalls()
}

const loginOk = () => server.use(api.login(() => HttpResponse.json({ user: account })))

async function signIn(scope: HTMLElement = document.body) {
  const user = userEvent.setup()
  // In the sign-in dialog the e-mail form's code arrives with the step, so its field may come a moment later.
  await user.type(await within(scope).findByRole('textbox', { name: 'Email' }), 'asha@example.in')
  await user.type(within(scope).getByLabelText(/^Password/), 'password1')
  await user.click(within(scope).getByRole('button', { name: 'Sign in' }))
  return user
}

const main = () => screen.getByRole('main')

/** Renders the route table at `path` and waits for the page shell (the pages load lazily). */
async function renderAt(path: string) {
  const rendered = renderRoutes({ routes, initialEntries: [path] })
  await screen.findByRole('main')
  return rendered
}

describe('/auth/login and /auth/register', () => {
  it('signs in and goes to ret, replacing history', async () => {
    loginOk()
    const { router } = renderRoutes({ routes, initialEntries: ['/', '/auth/login?ret=/contact'] })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    await signIn(main())
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByRole('button', { name: /Hi, Asha/, hidden: true })).toBeInTheDocument()
  })

  it('goes home when ret is not a path on this site', async () => {
    loginOk()
    const { router } = renderRoutes({ routes, initialEntries: ['/offers', '/auth/login?ret=//evil.example'] })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    await signIn(main())
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.location.search).toBe('')
  })

  it("goes to the page named by the 'from' state when there is no ret", async () => {
    loginOk()
    const { router } = renderRoutes({
      routes,
      initialEntries: [{ pathname: '/auth/login', state: { from: '/holidays?scope=domestic' } }] as never,
    })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    await signIn(main())
    await waitFor(() => expect(router.state.location.pathname).toBe('/holidays'))
    expect(router.state.location.search).toBe('?scope=domestic')
  })

  it('shows why Google sign-in failed in the banner', async () => {
    await renderAt(
      '/auth/login?ret=%2F&oauthError=Google+sign-in+is+not+available+right+now.+Please+sign+in+with+your+e-mail.',
    )
    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'Google sign-in is not available right now. Please sign in with your e-mail.',
    )
  })

  it('carries ret between the two pages and registers back to it', async () => {
    server.use(api.register(() => HttpResponse.json({ user: account }, { status: 201 })))
    const calls = recordCalls()
    const { router } = await renderAt('/auth/login?ret=%2Foffers')
    const user = userEvent.setup()
    const create = await within(main()).findByRole('link', { name: 'Create one' })
    expect(create).toHaveAttribute('href', '/auth/register?ret=%2Foffers')
    await user.click(create)
    await screen.findByRole('heading', { level: 1, name: 'Create account' })
    expect(within(main()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login?ret=%2Foffers')

    await user.type(within(main()).getByRole('textbox', { name: 'Full name' }), ' Asha Rao ')
    await user.type(within(main()).getByRole('textbox', { name: 'Email' }), 'asha@example.in')
    await user.type(within(main()).getByLabelText(/^Password/), 'password1')
    await user.click(within(main()).getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      fullName: 'Asha Rao',
      email: 'asha@example.in',
      password: 'password1',
    })
  })
})

describe('protected pages', () => {
  it('render in place after signing in through the dialog they opened', async () => {
    loginOk()
    server.use(api.bookings(() => HttpResponse.json({ items: [] })))
    const { router } = renderRoutes({ routes, initialEntries: ['/account/trips'] })
    const dialog = await screen.findByRole('dialog')
    const user = userEvent.setup()
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Email' }))
    await signIn(dialog)
    expect(await screen.findByRole('heading', { level: 1, name: 'My Trips' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/account/trips')
  })
})

describe('session in the header', () => {
  it("shows neither 'Sign in' nor the greeting while the session loads", async () => {
    const me = deferred<void>()
    server.use(
      api.me(async () => {
        await me.promise
        return HttpResponse.json({ user: testUser({ fullName: '', email: 'kiran.s@example.in' }) })
      }),
    )
    renderRoutes({ routes, initialEntries: ['/'] })
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Paryatan' })
    expect(screen.queryByRole('button', { name: 'Sign in', hidden: true })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Hi,/, hidden: true })).not.toBeInTheDocument()
    me.resolve()
    expect(await screen.findAllByRole('button', { name: /Hi, kiran\.s/, hidden: true })).not.toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Sign in', hidden: true })).not.toBeInTheDocument()
  })

  it('offers the account pages and logs out to the home page', async () => {
    const calls = signedInApi()
    const { router } = renderRoutes({ routes, initialEntries: ['/account/wallet'] })
    await screen.findByRole('heading', { level: 1, name: 'My Wallet' })
    const user = userEvent.setup()
    const [trigger] = await screen.findAllByRole('button', { name: /Hi, Asha/, hidden: true })
    await user.click(trigger!)
    const menu = await screen.findByRole('menu')
    const links = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')])
    expect(links).toEqual([
      ['My Profile', '/account/profile'],
      ['My Trips', '/account/trips'],
      ['My Wallet', '/account/wallet'],
      ['My Payments', '/account/payments'],
      ['My Wishlist', '/account/wishlist'],
      ['Logout', null],
    ])
    // Chosen with the keyboard: in jsdom the menu stops taking pointer moves once an earlier
    // test in this file has drawn the home page's form (real Chromium logs out by pointer in
    // the flight journey).
    await user.keyboard('{End}')
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-highlighted'),
    )
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findAllByRole('button', { name: 'Sign in', hidden: true })).not.toHaveLength(0)
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toHaveLength(1)
    // Leaving the wallet page before the session ended means no sign-in prompt on the way out.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('/account/logout', () => {
  it('logs a signed-in user out and says so', async () => {
    const calls = signedInApi()
    renderRoutes({ routes, initialEntries: ['/account/logout'] })
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(1)
    expect(await screen.findAllByRole('button', { name: 'Sign in', hidden: true })).not.toHaveLength(0)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('tells a visitor who is signed out already, without asking them to sign in', async () => {
    const calls = recordCalls()
    renderRoutes({ routes, initialEntries: ['/account/logout'] })
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(0)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows why logging out failed and tries again', async () => {
    let fail = true
    signedInApi(
      api.logout(() =>
        fail
          ? errorReply(503, { error: 'unavailable', message: 'We could not check your session. Please try again.' })
          : noContent(),
      ),
    )
    renderRoutes({ routes, initialEntries: ['/account/logout'] })
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your session. Please try again.')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument()
  })
})

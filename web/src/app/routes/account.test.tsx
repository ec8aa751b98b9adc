import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, type RequestHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import type { ProfileCompletion } from '@/testing/wire'
import { recordCalls, renderRoutes, testUser } from '@/testing/test-utils'
import { toProfileForm } from '@/features/account/utils/profile-fields'
import { routes } from '../router'

const user = testUser({ fullName: 'Asha Rao', email: 'asha@example.in' })

const completion: ProfileCompletion = {
  score: 30,
  band: 'good',
  breakdown: [{ key: 'mobileVerified', label: 'Verify your mobile number', weight: 10, completed: false }],
  nextStep: {
    key: 'mobileVerified',
    label: 'Verify your mobile number',
    reason: 'Get flight alerts and sign in with a one-time code.',
    ctaText: 'Verify mobile',
    target: 'action:openOtp',
  },
}

/** A signed-in user with nothing saved yet; `overrides` answer first. */
function signedIn(...overrides: RequestHandler[]) {
  server.use(
    api.me(() => HttpResponse.json({ user })),
    api.profile(() => HttpResponse.json({ profile: toProfileForm(null) })),
    api.profileCompletion(() => HttpResponse.json(completion)),
    api.coTravellers(() => HttpResponse.json({ items: [] })),
    api.sessions(() => HttpResponse.json({ items: [] })),
    api.bookings(() => HttpResponse.json({ items: [] })),
    api.myPayments(() => HttpResponse.json({ payments: [], refunds: [] })),
  )
  if (overrides.length > 0) server.use(...overrides)
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })
const accountNav = () => screen.getByRole('navigation', { name: 'Account' })

describe('account area', () => {
  it('shows the shell with the user and the profile page at /account', async () => {
    signedIn()
    renderRoutes({ routes, initialEntries: ['/account'] })
    expect(await h1('My Profile')).toBeInTheDocument()
    const header = screen.getByTestId('account-header')
    expect(header).toHaveTextContent('A')
    expect(header).toHaveTextContent('Asha Rao')
    expect(header).toHaveTextContent('asha@example.in')
    expect(within(accountNav()).getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page')
  })

  it('names the user by e-mail when there is no full name', async () => {
    server.use(
      api.me(() => HttpResponse.json({ user: { ...user, fullName: '' } })),
      api.bookings(() => HttpResponse.json({ items: [] })),
    )
    renderRoutes({ routes, initialEntries: ['/account/trips'] })
    await h1('My Trips')
    const header = screen.getByTestId('account-header')
    expect(within(header).getAllByText('asha@example.in')).toHaveLength(2)
  })

  it('links every account page from the side navigation, with Logout set apart', async () => {
    signedIn()
    const { router } = renderRoutes({ routes, initialEntries: ['/account/profile'] })
    await h1('My Profile')
    const links = within(accountNav()).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['My Profile', '/account/profile'],
      ['My Trips', '/account/trips'],
      ['My Wallet', '/account/wallet'],
      ['My Payments', '/account/payments'],
      ['My Enquiries', '/account/enquiries'],
      ['My Wishlist', '/account/wishlist'],
      ['Co-Travellers', '/account/co-travellers'],
      ['Logged in Devices', '/account/devices'],
      ['Reset Password', '/account/reset-password'],
      ['Logout', '/account/logout'],
    ])
    expect(within(accountNav()).getAllByRole('separator', { hidden: true }).length).toBeGreaterThan(0)

    const pages: ReadonlyArray<[link: string, heading: string, text?: string]> = [
      ['My Trips', 'My Trips', 'Your upcoming and past bookings will appear here.'],
      ['My Wallet', 'My Wallet', 'Your wallet balance, credits and vouchers will appear here.'],
      ['My Payments', 'My Payments', 'No payments yet. Your payments and refunds will appear here.'],
      ['My Wishlist', 'My Wishlist', 'Your saved trips and hotels will appear here.'],
      ['Co-Travellers', 'Co-Travellers', 'No co-travellers yet.'],
      ['Logged in Devices', 'Logged in Devices'],
      ['Reset Password', 'Reset Password'],
      ['My Profile', 'My Profile'],
    ]
    for (const [link, heading, text] of pages) {
      await userEvent.click(within(accountNav()).getByRole('link', { name: link }))
      expect(await h1(heading)).toBeInTheDocument()
      if (text) expect(await screen.findByText(text)).toBeInTheDocument()
      expect(within(accountNav()).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page')
    }
    expect(router.state.location.pathname).toBe('/account/profile')
  })

  it('offers Company & GST after Co-Travellers to a MyBiz account, and opens it', async () => {
    signedIn(
      api.me(() => HttpResponse.json({ user: { ...user, accountType: 'biz' } })),
      api.company(() =>
        HttpResponse.json({
          company: { legalName: 'Acme Travels', gstin: '27AAPFU0939F1ZV', address: 'Mumbai', email: '', phone: '' },
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: ['/account/profile'] })
    await h1('My Profile')
    const labels = within(accountNav())
      .getAllByRole('link')
      .map((a) => a.textContent)
    expect(labels.slice(labels.indexOf('Co-Travellers'), labels.indexOf('Co-Travellers') + 3)).toEqual([
      'Co-Travellers',
      'Company & GST',
      'Logged in Devices',
    ])
    await userEvent.click(within(accountNav()).getByRole('link', { name: 'Company & GST' }))
    expect(await h1('Company & GST')).toBeInTheDocument()
    expect(within(accountNav()).getByRole('link', { name: 'Company & GST' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByLabelText(/^GSTIN/)).toHaveValue('27AAPFU0939F1ZV')
  })

  it('does not offer Company & GST to a personal account; its address says MyBiz is needed', async () => {
    signedIn()
    const calls = recordCalls()
    renderRoutes({ routes, initialEntries: ['/account/company'] })
    expect(await h1('Company & GST')).toBeInTheDocument()
    expect(screen.getByText('Company details are for MyBiz accounts.')).toBeInTheDocument()
    expect(within(accountNav()).queryByRole('link', { name: 'Company & GST' })).toBeNull()
    expect(calls.some((c) => c.path === '/api/v1/me/company')).toBe(false)
  })

  it("'Verify mobile' opens the mobile OTP dialog, which answers that OTP is coming soon", async () => {
    signedIn()
    renderRoutes({ routes, initialEntries: ['/account/profile'] })
    await userEvent.click(await screen.findByRole('button', { name: 'Verify mobile' }, { timeout: 5000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Verify your mobile number' })
    await userEvent.type(within(dialog).getByLabelText('Mobile Number'), '9876543210')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(
      await within(dialog).findByText('Mobile OTP login coming soon. Use Email or Google for now.'),
    ).toBeInTheDocument()
  })

  it('checks the session again when an account call answers 401', async () => {
    let revoked = false
    signedIn(
      api.me(() => (revoked ? errorReply(401, { error: 'unauthenticated' }) : HttpResponse.json({ user }))),
      api.sessions(() => {
        revoked = true
        return errorReply(401, { error: 'unauthenticated', message: 'You are not signed in.' })
      }),
    )
    renderRoutes({ routes, initialEntries: ['/account/devices'] })
    expect(await screen.findByRole('button', { name: 'Sign in', hidden: true }, { timeout: 5000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Logged in Devices' })).toBeNull())
  })
})

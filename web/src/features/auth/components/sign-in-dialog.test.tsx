import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, memoryRouter, recordCalls, testUser } from '@/testing/test-utils'
import { appSystem } from '@/theme'
import { meQueryKey } from '../api/get-me'
import { useSignIn } from '../hooks/use-sign-in'
import type { SignInOptions, SignInState } from '../sign-in-context'
import { MOBILE_OTP_COMING_SOON } from './mobile-step'
import { SignInDialog } from './sign-in-dialog'
import { SignInProvider } from './sign-in-provider'

function Opener({ options }: { options: SignInOptions }) {
  const { openSignIn } = useSignIn()
  return (
    <button type="button" onClick={() => openSignIn(options)}>
      open
    </button>
  )
}

interface SetupOptions {
  options?: SignInOptions
  initialEntries?: string[]
  initialState?: Partial<SignInState>
}

function renderDialog({ options = {}, initialEntries = ['/'], initialState }: SetupOptions = {}) {
  const { router, element } = memoryRouter(
    <>
      <Opener options={options} />
      <SignInDialog />
    </>,
    initialEntries,
  )
  const queryClient = createQueryClient()
  render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <SignInProvider initialState={initialState}>{element}</SignInProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  )
  return { router, queryClient }
}

function setup(options: SignInOptions = {}) {
  renderDialog({ options })
  return userEvent.setup()
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'open' }))
  return screen.findByRole('dialog')
}

describe('SignInDialog', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('validates the mobile number and shows the coming-soon notice on Continue', async () => {
    const user = setup()
    await open(user)
    const input = screen.getByLabelText('Mobile Number')
    const cont = screen.getByRole('button', { name: 'Continue' })
    expect(cont).toBeDisabled()
    expect(screen.queryByText('Please enter a valid Mobile Number.')).not.toBeInTheDocument()

    await user.type(input, '98765')
    expect(screen.getByText('Please enter a valid Mobile Number.')).toBeVisible()
    expect(cont).toBeDisabled()

    await user.type(input, '43210')
    expect(screen.queryByText('Please enter a valid Mobile Number.')).not.toBeInTheDocument()
    expect(cont).toBeEnabled()

    await user.selectOptions(screen.getByLabelText('Country code'), '+971')
    expect(cont).toBeEnabled()
    await user.type(input, '1')
    expect(cont).toBeDisabled()
    await user.type(input, '{Backspace}')

    await user.click(cont)
    expect(screen.getByText(MOBILE_OTP_COMING_SOON)).toBeInTheDocument()
  })

  it('walks the steps: e-mail icon → emailLogin → Create one → Sign in, and tabs go back to mobile', async () => {
    const user = setup()
    await open(user)
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }))
    // The e-mail forms' code arrives with the step (or ahead of it, when the button was neared).
    expect(await screen.findByRole('button', { name: 'Create one' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sign in with Email' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create one' }))
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('heading', { name: 'Sign in with Email' })).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'MYBIZ ACCOUNT' }))
    expect(screen.getByRole('heading', { name: 'Login or Create a MyBiz Account' })).toBeInTheDocument()
    expect(screen.getByLabelText('Mobile Number')).toBeInTheDocument()
  })

  it('gives the focus to the new step’s first field when the control that changed the step is gone', async () => {
    const user = setup()
    await open(user)
    await user.click(screen.getByRole('button', { name: 'Continue with Email' }))
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Use mobile number instead' }))
    expect(screen.getByLabelText('Country code')).toHaveFocus()
    // A control that stays keeps the focus.
    await user.click(screen.getByRole('tab', { name: 'MYBIZ ACCOUNT' }))
    expect(screen.getByRole('tab', { name: 'MYBIZ ACCOUNT' })).toHaveFocus()
  })

  it('shows one MYBIZ ACCOUNT label instead of tabs when opened from Business', async () => {
    const user = setup({ accountType: 'biz', lockBiz: true })
    await open(user)
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
    expect(screen.getByTestId('account-type-locked')).toHaveTextContent('MYBIZ ACCOUNT')
    expect(screen.queryByText('PERSONAL ACCOUNT')).not.toBeInTheDocument()
  })

  it('sends Google sign-in to the OAuth start path with the return page', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, pathname: '/', search: '' })
    const user = setup({ from: '/contact?topic=mice' })
    await open(user)
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(assign).toHaveBeenCalledWith('/api/oauth/google/start?from=%2Fcontact%3Ftopic%3Dmice')
  })

  it('closes on Escape and on the close button', async () => {
    const user = setup()
    await open(user)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await open(user)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('advances the carousel every 3000 ms and jumps with the dots', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderDialog({ initialState: { open: true } })
    const caption = () => screen.getByTestId('sign-in-slide-caption').textContent
    expect(caption()).toBe('Lock Flight Prices & Pay Later')
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(caption()).toBe('Book Hotels at Exclusive Rates')
    await user.click(screen.getByRole('button', { name: /Show slide 5/ }))
    expect(caption()).toBe('MICE & Corporate Travel Experts')
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(caption()).toBe('Lock Flight Prices & Pay Later')
  })

  it('pauses the carousel for good on "Pause slides", announcing only the captions the visitor asks for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderDialog({ initialState: { open: true } })
    const caption = () => screen.getByTestId('sign-in-slide-caption')
    // Moving by itself, the caption is not read out every 3 s.
    expect(caption().parentElement).toHaveAttribute('aria-live', 'off')
    await user.click(screen.getByRole('button', { name: 'Pause slides' }))
    act(() => {
      vi.advanceTimersByTime(30_000)
    })
    expect(caption()).toHaveTextContent('Lock Flight Prices & Pay Later')
    expect(caption().parentElement).toHaveAttribute('aria-live', 'polite')
    await user.click(screen.getByRole('button', { name: /Show slide 4/ }))
    act(() => {
      vi.advanceTimersByTime(30_000)
    })
    expect(caption()).toHaveTextContent(/^Visa/)
    await user.click(screen.getByRole('button', { name: 'Play slides' }))
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(caption()).not.toHaveTextContent(/^Visa/)
  })

  it('sends a MyBiz Google sign-in with type=biz', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, pathname: '/', search: '' })
    const user = setup({ accountType: 'biz', lockBiz: true, from: '/offers' })
    await open(user)
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(assign).toHaveBeenCalledWith('/api/oauth/google/start?from=%2Foffers&type=biz')
  })

  it('signs in by e-mail, closes, and returns to the page it came from, replacing history', async () => {
    const answer = deferred<void>()
    const account = testUser()
    server.use(
      api.login(async () => {
        await answer.promise
        return HttpResponse.json({ user: account })
      }),
    )
    const { router, queryClient } = renderDialog({
      options: { step: 'emailLogin', from: '/contact?topic=mice' },
      initialEntries: ['/', '/offers'],
    })
    const user = userEvent.setup()
    const dialog = await open(user)
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email' }), 'asha@example.in')
    await user.type(within(dialog).getByLabelText(/^Password/), 'password1')
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }))
    expect(await within(dialog).findByRole('button', { name: 'Signing in…' })).toBeDisabled()

    answer.resolve()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/contact')
    expect(router.state.location.search).toBe('?topic=mice')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(queryClient.getQueryData(meQueryKey)).toEqual(account)
  })

  it("registers with the dialog's account type and returns to the current page when no 'from' is known", async () => {
    server.use(api.register(() => HttpResponse.json({ user: testUser({ accountType: 'biz' }) }, { status: 201 })))
    const calls = recordCalls()
    const { router } = renderDialog({
      initialState: { open: true, step: 'emailRegister', accountType: 'biz', lockBiz: true, from: '' },
      initialEntries: ['/holidays?scope=domestic'],
    })
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Create your account' })).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Asha Rao')
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email' }), 'asha@example.in')
    await user.type(within(dialog).getByLabelText(/^Password/), 'password1')
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toMatchObject({ accountType: 'biz' })
    expect(router.state.location.pathname + router.state.location.search).toBe('/holidays?scope=domestic')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('keeps the dialog open with the banner when sign-in fails', async () => {
    server.use(api.login(() => errorReply(401, { error: 'bad_credentials', message: 'Incorrect e-mail or password.' })))
    const { router } = renderDialog({ options: { step: 'emailLogin' }, initialEntries: ['/offers'] })
    const user = userEvent.setup()
    const dialog = await open(user)
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email' }), 'asha@example.in')
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong-password')
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/offers')
  })
})

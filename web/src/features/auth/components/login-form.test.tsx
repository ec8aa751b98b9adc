import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderWithProviders, testUser } from '@/testing/test-utils'
import { meQueryKey } from '../api/get-me'
import { LoginForm } from './login-form'

function setup(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onSuccess = vi.fn()
  const utils = renderWithProviders(<LoginForm onSuccess={onSuccess} {...props} />)
  return { ...utils, onSuccess, user: userEvent.setup() }
}

const email = () => screen.getByRole('textbox', { name: 'Email' })
const password = () => screen.getByLabelText(/^Password/)

describe('LoginForm', () => {
  it('has a required e-mail input and a required password input', () => {
    setup()
    expect(email()).toHaveAttribute('type', 'email')
    expect(email()).toBeRequired()
    expect(password()).toHaveAttribute('type', 'password')
    expect(password()).toBeRequired()
  })

  it('checks the fields before sending anything', async () => {
    const calls = recordCalls()
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please enter your e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument()

    await user.type(email(), 'asha@example')
    await user.type(password(), 'short')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument()
    expect(email()).toHaveAttribute('aria-invalid', 'true')

    await user.type(email(), '.in')
    await user.type(password(), 'enough')
    await waitFor(() => expect(screen.queryByText('Password must be at least 8 characters.')).not.toBeInTheDocument())
    expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('shows and hides the password', async () => {
    const { user } = setup()
    await user.type(password(), 'secret-words')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password()).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password()).toHaveAttribute('type', 'password')
    expect(password()).toHaveValue('secret-words')
  })

  it("reads 'Signing in…' and is disabled while submitting, then hands over the user", async () => {
    const answer = deferred<void>()
    const account = testUser()
    server.use(
      api.login(async () => {
        await answer.promise
        return HttpResponse.json({ user: account })
      }),
    )
    const calls = recordCalls()
    const { user, onSuccess, queryClient } = setup()
    await user.type(email(), '  asha@example.in ')
    await user.type(password(), 'password1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    const busy = await screen.findByRole('button', { name: 'Signing in…' })
    expect(busy).toBeDisabled()
    await waitFor(() => expect(calls[0]?.body).toEqual({ email: 'asha@example.in', password: 'password1' }))

    answer.resolve()
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(account))
    expect(queryClient.getQueryData(meQueryKey)).toEqual(account)
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it("shows the server's message in the banner, else the general one", async () => {
    server.use(api.login(() => errorReply(401, { error: 'bad_credentials', message: 'Incorrect e-mail or password.' })))
    const { user, onSuccess } = setup()
    await user.type(email(), 'asha@example.in')
    await user.type(password(), 'password1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.')

    server.use(api.login(() => HttpResponse.error()))
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.'),
    )
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('starts with a given message in the banner', () => {
    setup({ initialError: 'Google sign-in is not available right now. Please sign in with your e-mail.' })
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in is not available right now.')
  })
})

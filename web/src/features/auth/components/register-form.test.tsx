import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderWithProviders, testUser } from '@/testing/test-utils'
import { RegisterForm } from './register-form'

function setup(props: Partial<Parameters<typeof RegisterForm>[0]> = {}) {
  const onSuccess = vi.fn()
  const utils = renderWithProviders(<RegisterForm onSuccess={onSuccess} {...props} />)
  return { ...utils, onSuccess, user: userEvent.setup() }
}

const field = (name: string) => screen.getByRole('textbox', { name })
const password = () => screen.getByLabelText(/^Password/)

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await user.type(name === 'Password' ? password() : field(name), value)
  }
}

describe('RegisterForm', () => {
  it('marks full name, e-mail and password required, and phone optional with its placeholder', () => {
    setup()
    expect(field('Full name')).toBeRequired()
    expect(field('Email')).toBeRequired()
    expect(field('Email')).toHaveAttribute('type', 'email')
    expect(password()).toBeRequired()
    expect(field('Phone')).not.toBeRequired()
    expect(field('Phone')).toHaveAttribute('placeholder', '+91XXXXXXXXXX')
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument()
  })

  it('checks the fields before sending anything; phone may stay empty', async () => {
    const calls = recordCalls()
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Please enter your full name.')).toBeInTheDocument()
    expect(screen.getByText('Please enter your e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument()
    expect(field('Phone')).not.toHaveAttribute('aria-invalid', 'true')

    await fill(user, { 'Full name': '   ', Password: '1234567' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument()
    expect(screen.getByText('Please enter your full name.')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it("reads 'Creating your account…' while submitting and sends trimmed values, the account type and no empty phone", async () => {
    const answer = deferred<void>()
    const account = testUser({ accountType: 'biz' })
    server.use(
      api.register(async () => {
        await answer.promise
        return HttpResponse.json({ user: account }, { status: 201 })
      }),
    )
    const calls = recordCalls()
    const { user, onSuccess } = setup({ accountType: 'biz' })
    await fill(user, { 'Full name': ' Asha Rao ', Phone: '   ', Email: ' asha@example.in ', Password: 'password1' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled()
    await waitFor(() =>
      expect(calls[0]?.body).toEqual({
        fullName: 'Asha Rao',
        email: 'asha@example.in',
        password: 'password1',
        accountType: 'biz',
      }),
    )
    answer.resolve()
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(account))
  })

  it("shows the server's message in the banner, else the general one", async () => {
    server.use(
      api.register(() =>
        errorReply(409, {
          error: 'email_taken',
          message: 'An account with this e-mail already exists. Please sign in instead.',
        }),
      ),
    )
    const { user } = setup()
    await fill(user, {
      'Full name': 'Asha Rao',
      Phone: '+919876543210',
      Email: 'asha@example.in',
      Password: 'password1',
    })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists. Please sign in instead.',
    )

    server.use(api.register(() => HttpResponse.error()))
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.'))
  })

  it('moves to the input the server refused', async () => {
    server.use(
      api.register(() =>
        errorReply(400, { error: 'invalid_field', message: 'Please enter a valid phone number.', field: 'phone' }),
      ),
    )
    const { user } = setup()
    await fill(user, { 'Full name': 'Asha Rao', Phone: '12ab', Email: 'asha@example.in', Password: 'password1' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid phone number.')
    expect(field('Phone')).toHaveFocus()
  })
})

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import { ResetPasswordPage } from './reset-password-page'

function setup(handler: ReturnType<typeof api.changePassword>) {
  server.use(handler)
  const calls = recordCalls()
  renderRoutes({ routes: [{ path: '/', element: <ResetPasswordPage /> }] })
  return { calls }
}

async function change(oldPassword: string, newPassword: string) {
  await userEvent.type(await screen.findByLabelText('Old password'), oldPassword)
  const next = screen.getByLabelText('New password')
  expect(next).toHaveAttribute('placeholder', 'New password (min 8)')
  await userEvent.type(next, newPassword)
  await userEvent.click(screen.getByRole('button', { name: 'Update password' }))
}

describe('ResetPasswordPage', () => {
  it("sends the old and new password and says 'Password updated'", async () => {
    const { calls } = setup(api.changePassword(() => HttpResponse.json({ ok: true })))
    await change('monsoon-trek-42', 'winter-trail-77')
    expect(await screen.findByRole('alert')).toHaveTextContent('Password updated')
    expect(calls[calls.length - 1]?.body).toEqual({ oldPassword: 'monsoon-trek-42', newPassword: 'winter-trail-77' })
    expect(screen.getByLabelText('Old password')).toHaveValue('')
  })

  it("says 'Failed to update password' with the server's reason", async () => {
    setup(
      api.changePassword(() =>
        errorReply(400, { error: 'wrong_password', message: 'Your current password is not correct.' }),
      ),
    )
    await change('not-my-password', 'winter-trail-77')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to update password')
    expect(alert).toHaveTextContent('Your current password is not correct.')
  })
})

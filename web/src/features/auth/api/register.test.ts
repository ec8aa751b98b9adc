import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, testUser } from '@/testing/test-utils'
import { loginBody } from './login'
import { register, registerBody } from './register'

describe('registration and login payloads (spec 5)', () => {
  it('trims e-mail, full name and phone, keeps the password as typed', () => {
    expect(
      registerBody({
        fullName: '  Asha Rao ',
        phone: ' +91 98765 43210 ',
        email: ' asha@example.in ',
        password: ' secret pass ',
      }),
    ).toEqual({ fullName: 'Asha Rao', phone: '+91 98765 43210', email: 'asha@example.in', password: ' secret pass ' })
    expect(loginBody({ email: '  asha@example.in\t', password: ' pw with spaces ' })).toEqual({
      email: 'asha@example.in',
      password: ' pw with spaces ',
    })
  })

  it('omits an empty or blank phone', () => {
    for (const phone of ['', '   ', undefined]) {
      const body = registerBody({ fullName: 'Asha', phone, email: 'asha@example.in', password: 'password1' })
      expect(body).not.toHaveProperty('phone')
    }
  })

  it('sends the account type and returns the user', async () => {
    const user = testUser({ accountType: 'biz' })
    server.use(api.register(() => HttpResponse.json({ user }, { status: 201 })))
    const calls = recordCalls()
    await expect(
      register({ fullName: ' Asha ', phone: '', email: 'asha@example.in ', password: 'password1', accountType: 'biz' }),
    ).resolves.toEqual(user)
    expect(calls[0]?.body).toEqual({
      fullName: 'Asha',
      email: 'asha@example.in',
      password: 'password1',
      accountType: 'biz',
    })
  })
})

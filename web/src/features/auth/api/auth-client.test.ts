import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { api, errorReply, noContent } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls } from '@/testing/test-utils'
import { authPost } from './auth-client'
import { login } from './login'
import { logout } from './logout'

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('auth client errors (spec 8)', () => {
  it("uses the JSON body's message", async () => {
    server.use(api.login(() => errorReply(401, { error: 'bad_credentials', message: 'Incorrect e-mail or password.' })))
    const error = await failure(login({ email: 'a@b.in', password: 'password1' }))
    expect(error.message).toBe('Incorrect e-mail or password.')
    expect(error.status).toBe(401)
  })

  it('uses the body text when the body is not JSON, or JSON without a message', async () => {
    server.use(
      http.post('/api/x', () => HttpResponse.text('upstream went away\n', { status: 502, statusText: 'Bad Gateway' })),
      http.post('/api/y', () => errorReply(429, { error: 'rate_limited' })),
    )
    expect((await failure(authPost('/api/x'))).message).toBe('upstream went away')
    expect((await failure(authPost('/api/y'))).message).toBe('{"error":"rate_limited"}')
  })

  it("falls back to '{status} {statusText}' for an empty body", async () => {
    server.use(api.logout(() => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })))
    expect((await failure(logout())).message).toBe('503 Service Unavailable')
  })

  it('sends cookies and resolves a 204 logout', async () => {
    server.use(api.logout(() => noContent()))
    const calls = recordCalls()
    await expect(logout()).resolves.toBeUndefined()
    expect(calls[0]?.request.credentials).toBe('include')
  })
})

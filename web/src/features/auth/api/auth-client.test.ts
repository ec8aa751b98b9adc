import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { jsonResponse, stubApi } from '@/testing/test-utils'
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
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse({ error: 'bad_credentials', message: 'Incorrect e-mail or password.' }, 401),
    })
    const error = await failure(login({ email: 'a@b.in', password: 'password1' }))
    expect(error.message).toBe('Incorrect e-mail or password.')
    expect(error.status).toBe(401)
  })

  it('uses the body text when the body is not JSON, or JSON without a message', async () => {
    stubApi({
      'POST /api/x': () => new Response('upstream went away\n', { status: 502, statusText: 'Bad Gateway' }),
      'POST /api/y': () => jsonResponse({ error: 'rate_limited' }, 429),
    })
    expect((await failure(authPost('/api/x'))).message).toBe('upstream went away')
    expect((await failure(authPost('/api/y'))).message).toBe('{"error":"rate_limited"}')
  })

  it("falls back to '{status} {statusText}' for an empty body", async () => {
    stubApi({
      'POST /api/auth/logout': () => new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    })
    expect((await failure(logout())).message).toBe('503 Service Unavailable')
  })

  it('sends cookies and resolves a 204 logout', async () => {
    const { fetchMock } = stubApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) })
    await expect(logout()).resolves.toBeUndefined()
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include')
  })
})

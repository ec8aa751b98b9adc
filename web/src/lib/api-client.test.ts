import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError } from './api-client'

function stubFetch(response: Response) {
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', mock)
  return mock
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends GET with cookies and without HTTP caching', async () => {
    const mock = stubFetch(json({ user: { email: 'a@b.in' } }))
    await expect(api.get('/api/auth/me')).resolves.toEqual({ user: { email: 'a@b.in' } })
    const init = mock.mock.calls[0]?.[1]
    expect(init?.credentials).toBe('include')
    expect(init?.cache).toBe('no-store')
    expect(init?.method).toBe('GET')
  })

  it('sends JSON bodies', async () => {
    const mock = stubFetch(json({ ok: true }))
    await api.post('/api/x', { a: 1 })
    const init = mock.mock.calls[0]?.[1]
    expect(init?.body).toBe('{"a":1}')
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })

  it('returns undefined for 204', async () => {
    stubFetch(new Response(null, { status: 204 }))
    await expect(api.delete('/api/x/1')).resolves.toBeUndefined()
  })

  it('uses the body message, then error, then HTTP {status}', async () => {
    stubFetch(json({ message: 'Nope', error: 'bad' }, 400))
    await expect(api.get('/a')).rejects.toThrow('Nope')
    stubFetch(json({ error: 'bad request' }, 400))
    await expect(api.get('/a')).rejects.toThrow('bad request')
    stubFetch(new Response('<html>', { status: 502, headers: { 'Content-Type': 'text/html' } }))
    const error = await api.get('/a').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('HTTP 502')
    expect((error as ApiError).status).toBe(502)
  })

  it('reads the error envelope: message for people, code and field for the program', async () => {
    stubFetch(
      json({ ok: false, error: 'invalid_field', message: 'This passport has expired.', field: 'passport.expiry' }, 400),
    )
    const error = (await api.put('/api/v1/me/profile', {}).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe('This passport has expired.')
    expect(error.code).toBe('invalid_field')
    expect(error.field).toBe('passport.expiry')
    stubFetch(json({ ok: false, error: 'rate_limited', message: '' }, 429))
    const limited = (await api.get('/a').catch((e: unknown) => e)) as ApiError
    expect([limited.message, limited.code, limited.field]).toEqual(['rate_limited', 'rate_limited', undefined])
  })

  it('rejects a non-JSON success', async () => {
    stubFetch(new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }))
    await expect(api.get('/a')).rejects.toThrow('Unexpected non-JSON response')
  })
})

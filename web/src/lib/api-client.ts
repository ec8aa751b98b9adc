/** An HTTP failure from the API, carrying the status and the parsed body when there was one. */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown

  constructor(message: string, status: number, body: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

export const NON_JSON_MESSAGE = 'Unexpected non-JSON response'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
}

function isJson(res: Response): boolean {
  const type = res.headers.get('content-type') ?? ''
  return /\bjson\b/i.test(type)
}

function messageFrom(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const { message, error } = body as { message?: unknown; error?: unknown }
  if (typeof message === 'string' && message.trim()) return message
  if (typeof error === 'string' && error.trim()) return error
  return undefined
}

async function readBody(res: Response): Promise<unknown> {
  if (!isJson(res)) return undefined
  try {
    return await res.json()
  } catch {
    return undefined
  }
}

/**
 * Calls the product's API: cookies included, JSON in and out, no HTTP cache for
 * GET. A 204 resolves to undefined. Failures throw ApiError whose message is
 * the body's `message` or `error`, else `HTTP {status}`.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal }
  if (method === 'GET') init.cache = 'no-store'
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(body)
  }

  const res = await fetch(path, init)
  if (!res.ok) {
    const errorBody = await readBody(res)
    throw new ApiError(messageFrom(errorBody) ?? `HTTP ${res.status}`, res.status, errorBody)
  }
  if (res.status === 204) return undefined as T
  if (!isJson(res)) throw new ApiError(NON_JSON_MESSAGE, res.status, undefined)
  try {
    return (await res.json()) as T
  } catch {
    throw new ApiError(NON_JSON_MESSAGE, res.status, undefined)
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
}

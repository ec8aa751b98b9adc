import type { ErrorBody } from './api-types'

/**
 * An HTTP failure from the API, carrying the status and the parsed body when
 * there was one. Every API route fails with one envelope (ErrorBody,
 * docs/api-errors.md): its stable `error` code and the `field` at fault, when
 * the body is that envelope, are `code` and `field`.
 */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  readonly code?: string
  readonly field?: string

  constructor(message: string, status: number, body: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
    const envelope = asEnvelope(body)
    this.code = envelope?.error
    this.field = envelope?.field
  }
}

/** The body as the error envelope, when it is one. */
function asEnvelope(body: unknown): Partial<ErrorBody> | undefined {
  if (!body || typeof body !== 'object') return undefined
  const { error, field } = body as { error?: unknown; field?: unknown }
  return {
    error: typeof error === 'string' ? error : undefined,
    field: typeof field === 'string' ? field : undefined,
  }
}

export const NON_JSON_MESSAGE = 'Unexpected non-JSON response'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What a non-OK response carried, for wording its error. */
export interface FailedResponse {
  status: number
  statusText: string
  /** The body as text; empty when there was none or it could not be read. */
  text: string
  /** The body parsed as JSON when the response declared JSON, else undefined. */
  body: unknown
}

export interface RequestOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Words the error of a non-OK response; by default the body's `message` or `error`, else `HTTP {status}`. */
  describeError?: (failure: FailedResponse) => string
}

function isJson(res: Response): boolean {
  const type = res.headers.get('content-type') ?? ''
  return /\bjson\b/i.test(type)
}

/** The envelope's message (for people), else its code. */
function messageFrom(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const { message, error } = body as { message?: unknown; error?: unknown }
  if (typeof message === 'string' && message.trim()) return message
  if (typeof error === 'string' && error.trim()) return error
  return undefined
}

async function readFailure(res: Response): Promise<FailedResponse> {
  let text = ''
  try {
    text = await res.text()
  } catch {
    // An unreadable body words the error like an empty one.
  }
  let body: unknown
  if (isJson(res) && text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  return { status: res.status, statusText: res.statusText, text, body }
}

function describeGenericError({ status, body }: FailedResponse): string {
  return messageFrom(body) ?? `HTTP ${status}`
}

/**
 * Calls the product's API: cookies included, JSON in and out, no HTTP cache for
 * GET. A 204 resolves to undefined. Failures throw ApiError whose message is
 * the body's `message` or `error`, else `HTTP {status}`, unless the caller
 * words it with `describeError`.
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
    const failure = await readFailure(res)
    const describe = options.describeError ?? describeGenericError
    throw new ApiError(describe(failure), res.status, failure.body)
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

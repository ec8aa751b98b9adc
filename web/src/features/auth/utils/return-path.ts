import { DEFAULT_RETURN_PATH } from '@/config/constants'

/**
 * `raw` when it is a path on this site, else `fallback`. A path starts with a
 * single "/": "//host" and "/\host" are read by browsers as another host, and
 * browsers drop tabs and line breaks from addresses, so backslashes and
 * control characters are refused anywhere.
 */
export function safeReturnPath(raw: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return fallback
  if (raw.startsWith('//') || raw.includes('\\')) return fallback
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback
  return raw
}

/**
 * Where the sign-in and registration pages go on success: the `ret` query
 * value when there is one (only a same-site path, else "/"), else the page the
 * user came from (location state `from`), else "/".
 */
export function returnTarget(search: URLSearchParams, state: unknown): string {
  const ret = search.get('ret')
  if (ret !== null) return safeReturnPath(ret)
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined
  return safeReturnPath(from)
}

/** `path` carrying the return target as `ret`, so the other auth page returns to the same place. */
export function withReturnPath(path: string, target: string): string {
  return target === DEFAULT_RETURN_PATH ? path : `${path}?ret=${encodeURIComponent(target)}`
}

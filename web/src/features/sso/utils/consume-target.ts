import { DEFAULT_VISA_RETURN_PATH } from '@/config/constants'

/**
 * A return path is passed on only when it is a same-site relative path
 * ("/x", not "//host" or "/\host"); anything else becomes the default.
 */
export function safeReturnPath(value: string | null | undefined, fallback = DEFAULT_VISA_RETURN_PATH): string {
  if (!value) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // Control characters (tabs, newlines) are dropped by URL parsers and could smuggle a host in.
  for (const ch of value) {
    const code = ch.charCodeAt(0)
    if (code < 0x20 || code === 0x7f) return fallback
  }
  return value
}

/**
 * Where /sso/consume sends the browser: the partner visa site's consume path
 * with the ticket and the return path (`ret`, else `return`, else /go-for-visa).
 */
export function consumeTarget(query: URLSearchParams | string, partnerOrigin: string): string {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query
  const ticket = params.get('ticket') ?? ''
  const ret = safeReturnPath(params.get('ret') || params.get('return'))
  return `${partnerOrigin}/sso/consume?ticket=${encodeURIComponent(ticket)}&ret=${encodeURIComponent(ret)}`
}

/**
 * Redirecting makes sense only to a configured partner on another origin: with
 * none (or our own), the target would be this very page and loop forever.
 */
export function shouldRedirectToPartner(partnerOrigin: string, ownOrigin: string): boolean {
  return partnerOrigin !== '' && partnerOrigin !== ownOrigin
}

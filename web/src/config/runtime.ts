/**
 * Settings the server decides at deploy time rather than at build time.
 *
 * The server provides them either as `window.__PARYATAN_CONFIG__` (from a
 * same-origin script, since the content security policy forbids inline
 * scripts) or as JSON in `<meta name="paryatan-config" content="...">`
 * injected into index.html. Missing or malformed values fall back to defaults.
 */
export interface RuntimeConfig {
  /** Origin of the partner visa site, e.g. `https://visa.example.in`; '' when not configured. */
  visaPartnerOrigin: string
}

interface RawRuntimeConfig {
  visaPartnerOrigin?: unknown
}

declare global {
  interface Window {
    __PARYATAN_CONFIG__?: RawRuntimeConfig
  }
}

export const RUNTIME_CONFIG_META_NAME = 'paryatan-config'

function readMetaConfig(doc: Document): RawRuntimeConfig | undefined {
  const content = doc.querySelector(`meta[name="${RUNTIME_CONFIG_META_NAME}"]`)?.getAttribute('content')
  if (!content) return undefined
  try {
    const parsed: unknown = JSON.parse(content)
    return parsed && typeof parsed === 'object' ? (parsed as RawRuntimeConfig) : undefined
  } catch {
    return undefined
  }
}

/** Returns `value` as a bare http(s) origin, or '' when it is not one. */
export function normaliseOrigin(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return ''
  try {
    const url = new URL(value.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : ''
  } catch {
    return ''
  }
}

export function getRuntimeConfig(win: Window = window): RuntimeConfig {
  const raw = win.__PARYATAN_CONFIG__ ?? readMetaConfig(win.document) ?? {}
  return { visaPartnerOrigin: normaliseOrigin(raw.visaPartnerOrigin) }
}

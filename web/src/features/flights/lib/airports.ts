// The static airport and airline lists (spec 3, 7): fetched once, kept for
// the session; a failed or malformed list is an empty one (spec 8).

export interface Airport {
  code: string
  city: string
  name: string
  country: string
  label?: string
}

export const AIRPORTS_PATH = '/airports.min.json'
export const AIRLINES_PATH = '/airlines.min.json'

/** At most this many suggestions are shown (spec 9). */
export const SUGGESTION_LIMIT = 20

function isAirport(value: unknown): value is Airport {
  if (!value || typeof value !== 'object') return false
  const a = value as Record<string, unknown>
  return typeof a.code === 'string' && typeof a.city === 'string' && typeof a.name === 'string'
}

export async function loadAirports(): Promise<Airport[]> {
  try {
    const res = await fetch(AIRPORTS_PATH)
    if (!res.ok) return []
    const body: unknown = await res.json()
    return Array.isArray(body) ? body.filter(isAirport) : []
  } catch {
    return []
  }
}

/** Airline code → name. */
export type AirlineNames = Record<string, string>

export async function loadAirlines(): Promise<AirlineNames> {
  try {
    const res = await fetch(AIRLINES_PATH)
    if (!res.ok) return {}
    const body: unknown = await res.json()
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {}
    const out: AirlineNames = {}
    for (const [code, name] of Object.entries(body as Record<string, unknown>)) {
      if (typeof name === 'string') out[code.toUpperCase()] = name
    }
    return out
  } catch {
    return {}
  }
}

/**
 * Suggestions for what is typed (spec 5): airports whose code, city or name
 * starts with it, case-insensitively; when none does, the first airports of
 * the list; at most `limit`. Blank text suggests nothing.
 */
export function suggestAirports(airports: readonly Airport[], typed: string, limit = SUGGESTION_LIMIT): Airport[] {
  const q = typed.trim().toLowerCase()
  if (!q) return []
  const out: Airport[] = []
  for (const a of airports) {
    if (a.code.toLowerCase().startsWith(q) || a.city.toLowerCase().startsWith(q) || a.name.toLowerCase().startsWith(q)) {
      out.push(a)
      if (out.length === limit) return out
    }
  }
  return out.length ? out : airports.slice(0, limit)
}

/**
 * What an airport input holds once left (spec 5): a three-letter upper-case
 * code found in the text ("Mumbai (BOM)" → "BOM"), otherwise the text
 * upper-cased.
 */
export function airportCodeFrom(text: string): string {
  const match = /\b([A-Z]{3})\b/.exec(text)
  return match?.[1] ?? text.trim().toUpperCase()
}

/** How an airport reads in a suggestion or a filled input. */
export function airportLabel(a: Airport): string {
  return a.label || `${a.city} (${a.code})`
}

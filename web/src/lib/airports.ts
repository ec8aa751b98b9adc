export interface Airport {
  code: string
  city: string
  name: string
  country: string
  label?: string
}

export const AIRPORTS_URL = '/airports.min.json'

function isAirport(value: unknown): value is Airport {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return typeof v.code === 'string' && typeof v.city === 'string' && typeof v.name === 'string'
}

/** Loads the static airport list; any failure gives an empty list, silently. */
export async function loadAirports(fetchImpl: typeof fetch = fetch): Promise<Airport[]> {
  try {
    const res = await fetchImpl(AIRPORTS_URL, { headers: { Accept: 'application/json' } })
    if (!res.ok) return []
    const data: unknown = await res.json()
    return Array.isArray(data) ? data.filter(isAirport) : []
  } catch {
    return []
  }
}

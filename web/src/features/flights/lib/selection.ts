// What the flight screens keep in session storage (spec 7): the search's
// trace id and the chosen flight, so that the fare page still knows them
// after a reload or a sign-in round trip. Values are JSON; a missing,
// unreadable or foreign value reads as nothing.

export const TRACE_KEY = 'paryatan.flights.trace'
export const SELECTED_FLIGHT_KEY = 'paryatan.flights.selected'

/**
 * The supplier keeps a search (its TraceId) for 15 minutes; quotes and
 * bookings on an older one are refused as expired.
 */
export const SEARCH_SESSION_MS = 15 * 60 * 1000

export interface StoredTrace {
  traceId: string
  /** When the search answered, ms since the epoch. */
  at: number
}

export interface SelectedFlight {
  /** The flight id: the supplier's ResultIndex. */
  id: string
  from: string
  to: string
  date: string
  /** When it was chosen, ms since the epoch. */
  at: number
  /** The search it came from, when known. */
  traceId?: string
  /** How many adults, children and infants the search was for, when known. */
  travellers?: { adults: number; children: number; infants: number }
}

function travellersOf(v: unknown): SelectedFlight['travellers'] {
  const t = v as Partial<Record<'adults' | 'children' | 'infants', unknown>> | undefined
  if (!t || typeof t !== 'object') return undefined
  const n = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : -1)
  const [adults, children, infants] = [n(t.adults), n(t.children), n(t.infants)]
  return adults >= 1 && children >= 0 && infants >= 0 ? { adults, children, infants } : undefined
}

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as unknown) : undefined
  } catch {
    return undefined
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or disabled: the URL still carries what the fare page needs.
  }
}

export function saveTrace(traceId: string, at = Date.now()) {
  write(TRACE_KEY, { traceId, at } satisfies StoredTrace)
}

export function loadTrace(): StoredTrace | undefined {
  const v = read(TRACE_KEY) as Partial<StoredTrace> | undefined
  return v && typeof v.traceId === 'string' && v.traceId && typeof v.at === 'number'
    ? { traceId: v.traceId, at: v.at }
    : undefined
}

export function saveSelectedFlight(flight: SelectedFlight) {
  write(SELECTED_FLIGHT_KEY, flight)
}

export function loadSelectedFlight(): SelectedFlight | undefined {
  const v = read(SELECTED_FLIGHT_KEY) as Partial<SelectedFlight> | undefined
  if (!v || typeof v.id !== 'string' || !v.id || typeof v.at !== 'number') return undefined
  return {
    id: v.id,
    from: typeof v.from === 'string' ? v.from : '',
    to: typeof v.to === 'string' ? v.to : '',
    date: typeof v.date === 'string' ? v.date : '',
    at: v.at,
    traceId: typeof v.traceId === 'string' && v.traceId ? v.traceId : undefined,
    travellers: travellersOf(v.travellers),
  }
}

/** Milliseconds left of a search session that started at `at` (0 once expired). */
export function sessionRemainingMs(at: number, now = Date.now()): number {
  return Math.max(0, at + SEARCH_SESSION_MS - now)
}

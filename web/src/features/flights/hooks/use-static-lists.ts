import { useQuery } from '@tanstack/react-query'
import { loadAirlines, loadAirports, type Airport, type AirlineNames } from '../lib/airports'

// What the hooks give until the lists arrive: the same objects each time, so a memoised consumer stays put.
const NO_AIRPORTS: Airport[] = []
const NO_AIRLINES: AirlineNames = {}

/**
 * The static airport list: loaded once per visit, empty until (or unless) it
 * arrives. A form may hold off loading it (`enabled: false`) until it is needed.
 */
export function useAirports({ enabled = true }: { enabled?: boolean } = {}) {
  const q = useQuery({
    queryKey: ['static', 'airports'],
    queryFn: loadAirports,
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  })
  return q.data ?? NO_AIRPORTS
}

/** Airline code → name, from the static list. */
export function useAirlineNames() {
  const q = useQuery({ queryKey: ['static', 'airlines'], queryFn: loadAirlines, staleTime: Infinity, gcTime: Infinity })
  return q.data ?? NO_AIRLINES
}

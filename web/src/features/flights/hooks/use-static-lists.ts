import { useQuery } from '@tanstack/react-query'
import { loadAirlines, loadAirports } from '../lib/airports'

/** The static airport list: loaded once per visit, empty until (or unless) it arrives. */
export function useAirports() {
  const q = useQuery({ queryKey: ['static', 'airports'], queryFn: loadAirports, staleTime: Infinity, gcTime: Infinity })
  return q.data ?? []
}

/** Airline code → name, from the static list. */
export function useAirlineNames() {
  const q = useQuery({ queryKey: ['static', 'airlines'], queryFn: loadAirlines, staleTime: Infinity, gcTime: Infinity })
  return q.data ?? {}
}

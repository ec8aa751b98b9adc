import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import type { ListFlight } from '../lib/results'
import type { Travellers } from '../lib/search-query'
import { saveSelectedFlight, saveTrace } from '../lib/selection'

export interface Choice {
  flight: ListFlight
  traceId: string
  /** When the search answered (its 15-minute session starts then). */
  searchedAt: number
  from: string
  to: string
  date: string
  /** The fare page's address with its query. */
  href: string
  travellers: Travellers
}

/**
 * Chooses a flight: the search and the flight go to session storage (spec 7),
 * so the fare page still has them after a reload or a sign-in, and the flight
 * travels in the navigation state so the fare page can show it at once.
 */
export function useChooseFlight() {
  const navigate = useNavigate()
  return useCallback(
    ({ flight, traceId, searchedAt, from, to, date, href, travellers }: Choice) => {
      if (traceId) saveTrace(traceId, searchedAt)
      const { adults, children, infants } = travellers
      saveSelectedFlight({
        id: flight.id,
        from,
        to,
        date,
        at: Date.now(),
        traceId: traceId || undefined,
        travellers: { adults, children, infants },
      })
      void navigate(href, { state: { flight, traceId } })
    },
    [navigate],
  )
}

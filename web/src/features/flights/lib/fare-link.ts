// Where choosing a flight leads (spec 2.13, 2.14). A ResultIndex is long and
// holds + / = [ ]: URLSearchParams encodes it so that the fare page reads it
// back byte for byte.
import { paths } from '@/config/paths'
import type { Cabin, Travellers } from './search-query'
import type { SelectedFlight } from './selection'

export interface ResultsChoice extends Travellers {
  /** The flight id (ResultIndex). */
  id: string
  traceId: string
  from: string
  to: string
  /** YYYY-MM-DD; the fare link falls back to today when it is missing (spec 9). */
  date: string
  cabin: Cabin
}

/**
 * The results screen's fare link: ri, from, to, date, adults, cabin as spec
 * 2.13 lists them, children and infants (the fare page asks for every
 * traveller), and the search's trace id as t, so the fare page can quote the
 * flight without going back to session storage.
 */
export function resultsFareLink(choice: ResultsChoice, today: string): string {
  const params = new URLSearchParams()
  params.set('ri', choice.id)
  params.set('from', choice.from)
  params.set('to', choice.to)
  params.set('date', choice.date || today)
  params.set('adults', String(choice.adults))
  params.set('children', String(choice.children))
  params.set('infants', String(choice.infants))
  params.set('cabin', choice.cabin)
  if (choice.traceId) params.set('t', choice.traceId)
  return paths.fare(params)
}

/**
 * The search view's fare link: /flights/fare?traceId=…&resultIndex=… (spec
 * 2.13); the travellers go with the chosen flight in session storage.
 */
export function searchViewFareLink(traceId: string, resultIndex: string): string {
  const params = new URLSearchParams()
  params.set('traceId', traceId)
  params.set('resultIndex', resultIndex)
  return paths.fare(params)
}

/** The results screen's query for searching the chosen route and day again. */
export function freshSearchPath(selection: SelectedFlight | undefined): string {
  const query = new URLSearchParams()
  if (selection?.from) query.set('from', selection.from)
  if (selection?.to) query.set('to', selection.to)
  if (selection?.date) query.set('date', selection.date)
  return paths.flights(query)
}

// Where the home page's cards and chips lead. Query strings are built with
// URLSearchParams, so a card title with spaces or an ampersand arrives whole.
import { paths } from '@/config/paths'

/** The topics the concierge form is told about by the home page's cards. */
export type ConciergeTopic = 'holidays' | 'stopover'

/** /go/concierge?from=home&topic={topic}&card={title}: a holiday or stopover card handed to the concierge. */
export function homeConciergeHref(topic: ConciergeTopic, card: string): string {
  const params = new URLSearchParams({ from: 'home', topic, card })
  return paths.concierge(params)
}

export interface FlightRoute {
  /** IATA code of the origin, e.g. DEL. */
  from: string
  /** IATA code of the destination, e.g. BOM. */
  to: string
  /** Two-character airline code, e.g. 6E, when the link is about one airline. */
  airline?: string
}

/**
 * The flight results for a route, in the query the results page reads
 * (from, to, airline); the date is left out so the page searches from today.
 */
export function flightsHref({ from, to, airline }: FlightRoute): string {
  const params = new URLSearchParams({ from, to })
  if (airline) params.set('airline', airline)
  return paths.flights(params)
}

/** A mailto: link with a subject (mail clients read %20, not +, as a space). */
export function mailtoHref(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`
}

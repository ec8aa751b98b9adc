// The fare page's parts that depend on the visit, written into the page rendered ahead of time
// (pages/flights/fare.html) before the app has loaded: src/app/first-screen.ts fetches this code for a
// fare page alone.
import { earlyFareQuote } from '@/features/flights/api/early'
import { formatDuration } from '@/features/flights/lib/dates'
import { readFareParams } from '@/features/flights/lib/fare-params'
import { quoteOf } from '@/features/flights/lib/fare-quote'
import {
  faresHeldLine,
  legLine,
  segmentFlight,
  segmentOperatedBy,
  segmentTimes,
} from '@/features/flights/lib/fare-lines'
import { toListFlight, type FlightLeg } from '@/features/flights/lib/results'
import { sessionRemainingMs } from '@/features/flights/lib/selection'
import { FIRST_SCREEN, FIRST_SCREEN_UNTIL, ITINERARY } from '@/lib/first-screen'
import { writeParts } from './first-screen'

/**
 * Writes how long the fares are held (or takes the line away when the visit knows of no search), and
 * draws the itinerary once the quote src/boot.ts asked for is in; settles once it is drawn or given up.
 */
export async function fillFareFirstScreen(root: ParentNode, url: URL): Promise<void> {
  writeParts(root, url, {
    [FIRST_SCREEN.fareTimeLeft]: () => {
      const { searchedAt } = readFareParams(url.searchParams)
      const remaining = searchedAt === undefined ? 0 : sessionRemainingMs(searchedAt)
      // None known, or none left: the page says nothing there, or says the session is over.
      return remaining > 0 ? faresHeldLine(remaining) : null
    },
  })
  const doc = await earlyFareQuote(url)?.catch(() => undefined)
  const quote = doc && quoteOf(doc)
  const flight = quote && toListFlight(quote.result)
  // A failure, or a quote with no fare: the page shows it once the app has loaded.
  if (flight) drawItinerary(root, flight.legs)
}

/**
 * Draws `legs` into the fare page's itinerary laid out ahead of time, which holds one leg of one flight
 * with every line: copied for each leg and flight, its words written, a line a flight has no words
 * for taken away. Nothing when the app has already rendered the page over it.
 */
function drawItinerary(root: ParentNode, legs: readonly FlightLeg[]) {
  const card = root.querySelector<HTMLElement>(`[data-first-screen="${FIRST_SCREEN.fareItinerary}"]`)
  const line = (name: string) => `[data-itinerary="${name}"]`
  const shapeLeg = card?.querySelector<HTMLElement>(line(ITINERARY.leg))
  const shapeSegment = shapeLeg?.querySelector<HTMLElement>(line(ITINERARY.segment))
  if (!card || !shapeLeg || !shapeSegment) return
  const write = (el: Element, name: string, text: string) => {
    const target = el.querySelector(line(name))
    if (!target) return
    if (text) target.textContent = text
    else target.remove()
  }
  shapeSegment.remove()
  const drawn = legs.map((leg) => {
    const legEl = shapeLeg.cloneNode(true) as HTMLElement
    write(legEl, ITINERARY.legLine, legLine(leg))
    for (const s of leg.segments) {
      const segEl = shapeSegment.cloneNode(true) as HTMLElement
      write(segEl, ITINERARY.flight, segmentFlight(s))
      write(segEl, ITINERARY.operatedBy, segmentOperatedBy(s))
      write(segEl, ITINERARY.times, segmentTimes(s))
      const duration = segEl.querySelector(line(ITINERARY.duration))
      if (duration) duration.textContent = formatDuration(s.durationMins)
      legEl.append(segEl)
    }
    return legEl
  })
  shapeLeg.replaceWith(...drawn)
  for (const el of root.querySelectorAll<HTMLElement>(`[${FIRST_SCREEN_UNTIL}="${FIRST_SCREEN.fareItinerary}"]`)) {
    el.style.display = 'none'
  }
  card.style.visibility = 'visible'
}

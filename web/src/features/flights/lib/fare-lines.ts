// The words of the fare page's first screen, one function per line: the time
// its fares are held and its itinerary. The page (components/fare/) and what
// writes them into the page rendered ahead of time before the app has loaded
// (src/app/fare-first-screen.ts) say the same thing.
import { formatCountdown } from '@/lib/india-time'
import { formatDuration, formatLongDay } from './dates'
import type { FlightLeg, FlightSegment } from './results'

/** "Fares held for 14:05": the time left of the search session. */
export function faresHeldLine(remainingMs: number): string {
  return `Fares held for ${formatCountdown(remainingMs)}`
}

/** "BOM → DEL · Tue, 1 Dec 2026 · 2h 10m · Non-stop" ("· 1 stop", "· 2 stops"). */
export function legLine(leg: FlightLeg): string {
  const stops = leg.stops > 0 ? ` · ${leg.stops} ${leg.stops === 1 ? 'stop' : 'stops'}` : ' · Non-stop'
  return `${leg.origin} → ${leg.destination} · ${formatLongDay(leg.departure.slice(0, 10))} · ${formatDuration(leg.durationMins)}${stops}`
}

/** "IndiGo 6E-2134" (the code when the supplier gave no name). */
export function segmentFlight(s: FlightSegment): string {
  return `${s.airlineName || s.airlineCode} ${s.airlineCode}-${s.flightNumber}`
}

/** "Operated by AI"; '' when the marketing airline flies it. */
export function segmentOperatedBy(s: FlightSegment): string {
  return s.operatedBy ? `Operated by ${s.operatedBy}` : ''
}

/** "06:05 BOM (Terminal 2) → 08:15 DEL (Terminal 1)", each terminal when known. */
export function segmentTimes(s: FlightSegment): string {
  const from = s.originTerminal ? ` (Terminal ${s.originTerminal})` : ''
  const to = s.destinationTerminal ? ` (Terminal ${s.destinationTerminal})` : ''
  return `${s.departTime} ${s.origin}${from} → ${s.arriveTime} ${s.destination}${to}`
}

/**
 * The parts of a page rendered ahead of time that depend on the address the page is loaded at: the
 * build lays them out hidden, marked `data-first-screen="<name>"`, and src/boot.ts writes them as the
 * HTML arrives, before the app has loaded (src/app/first-screen.ts says what each holds).
 */
export const FIRST_SCREEN = {
  /** The results banner's line: the search the address holds (the server writes it too, internal/httpapi/first_screen.go). */
  searchSummary: 'search-summary',
  /** The fare page's "Fares held for 14:05": the search session kept with the chosen flight. */
  fareTimeLeft: 'fare-time-left',
  /** The fare page's itinerary, from the quote src/boot.ts asked for: written once it is in. */
  fareItinerary: 'fare-itinerary',
} as const

export type FirstScreenPart = (typeof FIRST_SCREEN)[keyof typeof FIRST_SCREEN]

/**
 * Marks what stands in a part's place until it is written (`data-first-screen-until="<name>"`, such
 * as "Loading fare…"): taken away when it is.
 */
export const FIRST_SCREEN_UNTIL = 'data-first-screen-until'

/**
 * The lines of the fare page's itinerary (`data-itinerary="<part>"`): the page rendered ahead of time
 * holds one leg of one flight, which src/boot.ts copies for each leg and flight of the quote.
 */
export const ITINERARY = {
  leg: 'leg',
  legLine: 'leg-line',
  segment: 'segment',
  flight: 'flight',
  operatedBy: 'operated-by',
  times: 'times',
  duration: 'duration',
} as const

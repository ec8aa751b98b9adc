// A fare quote answer as the fare page reads it: the page's query
// (api/use-fare-quote.ts) and src/boot.ts, which draws the itinerary from it
// before the app has loaded, take the same answers.
import type { FareQuoteDocument, FlightResult } from '@/lib/api-types'

export interface FareQuote {
  result: FlightResult
  /** The supplier re-priced the fare since the search. */
  priceChanged: boolean
  doc: FareQuoteDocument
}

/** The quote a document holds; undefined when it holds no result. */
export function quoteOf(doc: FareQuoteDocument): FareQuote | undefined {
  const result = doc.Response.Results
  if (!result || typeof result !== 'object' || !result.ResultIndex) return undefined
  return { result, priceChanged: Boolean(doc.Response.IsPriceChanged), doc }
}

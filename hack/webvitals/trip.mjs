// The trip both halves of hack/webvitals measure (webvitals.mjs and
// lighthouse.mjs): the route and day of the results page, its address, and
// the search the fare page's fare comes from.
//
// Environment:
//   WEBVITALS_ROUTE  ORIGIN-DESTINATION (default BOM-DEL)
//   WEBVITALS_DATE   the departure day, YYYY-MM-DD (default 10 days on, India's day)

export const [FROM, TO] = (process.env.WEBVITALS_ROUTE ?? 'BOM-DEL').split('-')
export const DATE = process.env.WEBVITALS_DATE ?? indiaDay(10)

function indiaDay(days) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
  }).format(new Date())
  const d = new Date(`${today}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The results page's address. */
export const resultsPath = `/flights?${new URLSearchParams({
  from: FROM,
  to: TO,
  date: DATE,
  adults: '1',
  children: '0',
  infants: '0',
  cabin: 'any',
  nonstop: 'false',
})}`

/** The API's search for the trip, one adult in economy: its path and body. */
export const SEARCH_PATH = '/api/v1/flights/tbo/search'
export const searchBody = {
  origin: FROM,
  destination: TO,
  departDate: DATE,
  adults: 1,
  cabinClass: 2,
}

/** The fare page's address for the first result of a search answer. */
export function farePathOf(answer) {
  const first = answer.data.Response.Results?.[0]?.[0]
  if (!first) throw new Error(`search ${FROM}-${TO} on ${DATE} found nothing`)
  return `/flights/fare?${new URLSearchParams({ traceId: answer.data.Response.TraceId, resultIndex: first.ResultIndex })}`
}

// Supplier documents for web tests, shaped as the API sends them (amounts as
// strings, production-length result indexes with + / = [ ], LastTicketDate in
// either form or null, codeshares).
import type { FareQuoteDocument, FareRuleDocument, FlightResult, SearchDocument } from './wire'

export const TRACE_ID = '5f0c8a1e-3b7d-4c29-9e41-7a2d6b8f0c13'

/** A result index as long and as varied as the supplier's (about 700 characters). */
export function resultIndex(n: number, direction: 'OB' | 'IB' = 'OB'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  let tail = ''
  // xorshift32 in 32-bit integer arithmetic: every character of the alphabet
  // turns up, + and / included, and the same n always gives the same index.
  let x = Math.imul(n + 1, 2654435761) | 0 || 1
  for (let i = 0; i < 680; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    tail += alphabet[(x >>> 0) % 64]
  }
  return `${direction}${n}[TBO]${tail}==`
}

export interface ResultOptions {
  n?: number
  direction?: 'OB' | 'IB'
  airline?: string
  airlineName?: string
  flightNumber?: string
  operatingCarrier?: string
  from?: string
  to?: string
  date?: string
  depart?: string
  durationMins?: number
  stops?: number
  price?: string
  isLCC?: boolean
  lastTicketDate?: string | null
  cabinClass?: number
}

function at(date: string, clock: string, plusMinutes: number): string {
  const [h, m] = clock.split(':').map(Number)
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCMinutes((h ?? 0) * 60 + (m ?? 0) + plusMinutes)
  return d.toISOString().slice(0, 19)
}

/** One search result; a connection when stops > 0 (equal legs, the later ones with AccumulatedDuration). */
export function flightResult(o: ResultOptions = {}): FlightResult {
  const n = o.n ?? 1
  const from = o.from ?? 'BOM'
  const to = o.to ?? 'DEL'
  const date = o.date ?? '2027-01-15'
  const depart = o.depart ?? '06:05'
  const duration = o.durationMins ?? 130
  const stops = o.stops ?? 0
  const airline = o.airline ?? '6E'
  const legs = stops + 1
  const each = Math.floor(duration / legs)
  const points = [from, ...['HYD', 'BLR', 'MAA', 'CCU'].slice(0, stops), to]
  const segments = Array.from({ length: legs }, (_, i) => ({
    Airline: {
      AirlineCode: airline,
      AirlineName: o.airlineName ?? 'IndiGo',
      FlightNumber: o.flightNumber ?? String(100 + n),
      FareClass: 'Y',
      ...(o.operatingCarrier ? { OperatingCarrier: o.operatingCarrier } : {}),
    },
    Origin: {
      Airport: { AirportCode: points[i] ?? from, Terminal: i === 0 ? '1' : '' },
      DepTime: at(date, depart, i * each),
    },
    Destination: {
      Airport: { AirportCode: points[i + 1] ?? to, Terminal: '' },
      ArrTime: at(date, depart, (i + 1) * each),
    },
    Duration: each,
    ...(i > 0 ? { AccumulatedDuration: duration, GroundTime: 0 } : {}),
    CabinClass: o.cabinClass ?? 2,
    StopPointArrivalTime: null,
    Remark: null,
  }))
  if (legs > 1) {
    const last = segments[legs - 1]
    if (last) last.AccumulatedDuration = duration
  }
  return {
    ResultIndex: resultIndex(n, o.direction),
    Source: 6,
    IsLCC: o.isLCC ?? true,
    IsRefundable: false,
    AirlineRemark: null,
    FareClassification: { Color: 'lightBlue', Type: 'Publish' },
    Fare: { Currency: 'INR', BaseFare: '4000', Tax: '1293.46', PublishedFare: o.price ?? '5293.46' },
    FareBreakdown: [{ Currency: 'INR', PassengerType: 1, PassengerCount: 1, BaseFare: '4000', Tax: '1293.46' }],
    Segments: [segments],
    LastTicketDate: o.lastTicketDate === undefined ? '31AUG27' : o.lastTicketDate,
    TicketAdvisory: null,
    AirlineCode: airline,
  }
}

export function searchDocument(lists: FlightResult[][], traceId = TRACE_ID): SearchDocument {
  return { Response: { ResponseStatus: 1, TraceId: traceId, Origin: 'BOM', Destination: 'DEL', Results: lists } }
}

const AIRLINES: [string, string][] = [
  ['6E', 'IndiGo'],
  ['AI', 'Air India'],
  ['UK', 'Vistara'],
  ['SG', 'SpiceJet'],
  ['QP', 'Akasa Air'],
  ['IX', 'Air India Express'],
]

/** `count` varied results (airlines, stops, times, prices), the same for the same count. */
export function manyResults(count: number): FlightResult[] {
  return Array.from({ length: count }, (_, n) => {
    const [airline, airlineName] = AIRLINES[n % AIRLINES.length] ?? ['6E', 'IndiGo']
    const minutes = (n * 37) % (24 * 60)
    const depart = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    return flightResult({
      n,
      airline,
      airlineName,
      depart,
      stops: n % 3,
      durationMins: 120 + ((n * 53) % 600),
      price: `${3000 + ((n * 7919) % 40000)}.${String(n % 100).padStart(2, '0')}`,
      isLCC: n % 2 === 0,
    })
  })
}

export function fareQuoteDocument(result: FlightResult = flightResult(), changed = false): FareQuoteDocument {
  return { Response: { ResponseStatus: 1, TraceId: TRACE_ID, IsPriceChanged: changed, Results: result } }
}

export function fareRuleDocument(html = '<p>Cancellation: ₹3,000 before 24 hours.</p>'): FareRuleDocument {
  return {
    Response: {
      ResponseStatus: 1,
      TraceId: TRACE_ID,
      FareRules: [{ Origin: 'BOM', Destination: 'DEL', Airline: '6E', FareBasisCode: 'Y', FareRuleDetail: html }],
    },
  }
}

export interface FamilyFareOptions {
  /** IsPanRequiredAtBook. */
  pan?: boolean
  /** IsPassportRequiredAtTicket. */
  passport?: boolean
  gstAllowed?: boolean
  gstMandatory?: boolean
  isLCC?: boolean
}

/**
 * A round trip BOM → DXB out on 2027-01-15 and back on 2027-01-22 priced for
 * 2 adults, 1 child and 1 infant (₹15,311.92: the lines and ₹25 of other
 * charges), asking for the documents the options name.
 */
export function familyFareResult(o: FamilyFareOptions = {}): FlightResult {
  const out = flightResult({ n: 21, airline: 'AI', airlineName: 'Air India', from: 'BOM', to: 'DXB' })
  const back = flightResult({
    n: 22,
    direction: 'IB',
    airline: 'AI',
    airlineName: 'Air India',
    from: 'DXB',
    to: 'BOM',
    date: '2027-01-22',
    depart: '21:40',
  })
  return {
    ...out,
    IsLCC: o.isLCC ?? false,
    IsPanRequiredAtBook: o.pan ?? false,
    IsPanRequiredAtTicket: false,
    IsPassportRequiredAtBook: false,
    IsPassportRequiredAtTicket: o.passport ?? false,
    GSTAllowed: o.gstAllowed ?? false,
    IsGSTMandatory: o.gstMandatory ?? false,
    Fare: { Currency: 'INR', BaseFare: '11500', Tax: '3786.92', PublishedFare: '15311.92' },
    FareBreakdown: [
      { Currency: 'INR', PassengerType: 1, PassengerCount: 2, BaseFare: '8000', Tax: '2586.92' },
      { Currency: 'INR', PassengerType: 2, PassengerCount: 1, BaseFare: '3000', Tax: '1000' },
      { Currency: 'INR', PassengerType: 3, PassengerCount: 1, BaseFare: '500', Tax: '200' },
    ],
    Segments: [...out.Segments, ...back.Segments],
  }
}

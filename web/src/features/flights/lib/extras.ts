// Seats, meals and baggage: what the airline offers on a fare, what each
// traveller picks from it, what the picks cost and the body the booking API
// takes. Every function is pure: a choice is a plain value, and a refused pick
// returns the reason instead of a changed choice.
//
// Who may pick what (in one place: `mayPick` and `seatState`):
// - Low-cost fares (lcc) sell seats, meals and extra baggage per seated
//   traveller. An infant sits on an adult's lap: no seat, and none of the
//   paid meals or baggage either (Indian low-cost carriers sell these only
//   for travellers with a seat, and their offers are per seat).
// - Full-service fares (gds) take preferences only, which the airline may not
//   honour. An infant may ask for a special meal (IATA has a baby meal,
//   BBML), but not for a seat.
// - Exit-row seats are for adults: whoever sits there must be able to help
//   open the exit, so a child is refused one.
// - A seat is one traveller's: a seat another traveller of the booking holds
//   is refused until that traveller lets it go.
// - An offer whose price cannot be read is never picked: a price that is not
//   exact is not shown or charged.
import type { ExtrasDocument } from '@/lib/api-types'
import { formatINR, parsePaise } from '@/lib/money'

// The answer of the fare's extras endpoint (POST /flights/{supplier}/extras), as api/openapi.yaml
// types it.
export type Extras = ExtrasDocument
export type SeatMap = Extras['seatMaps'][number]
export type SeatRow = SeatMap['rows'][number]
/** One seat of a cabin row. */
export type Seat = NonNullable<SeatRow['seats'][number]>
/** Window, aisle or middle; "" when the airline does not say. */
export type SeatPosition = Seat['position']
export type MealGroup = Extras['meals'][number]
export type MealItem = MealGroup['items'][number]
export type BaggageGroup = Extras['baggage'][number]
export type BaggageItem = BaggageGroup['items'][number]
/** A request a full-service airline takes with the booking (a special meal, a window seat). */
export type Preference = Extras['mealPreferences'][number]
/** Which flight an offer is for: one segment, or a whole leg for offers sold per leg. */
export type FlightOffer = Pick<SeatMap, 'key' | 'airline' | 'flightNumber' | 'origin' | 'destination'>

export type TravellerType = 'adult' | 'child' | 'infant'

export interface ExtrasTraveller {
  /** The traveller's place in the booking, as the API numbers them. */
  index: number
  /** As the fare page names them: "Adult 1 · Asha Rao". */
  label: string
  type: TravellerType
}

/** What one traveller has picked. */
export interface TravellerChoice {
  /** Seat map key → seat code (lcc). */
  seats: Readonly<Record<string, string>>
  /** Meal group key → meal code (lcc). */
  meals: Readonly<Record<string, string>>
  /** Baggage group key → baggage code (lcc). */
  baggage: Readonly<Record<string, string>>
  /** A special-meal code (gds). */
  mealPreference?: string
  /** A seat-preference code (gds). */
  seatPreference?: string
}

/** The picks of every traveller, by traveller index; a traveller left out has picked nothing. */
export type ExtrasChoice = Readonly<Record<number, TravellerChoice>>

/** Nothing picked: the step's start, and what skipping it leaves. */
export const NO_EXTRAS: ExtrasChoice = {}

const EMPTY: TravellerChoice = { seats: {}, meals: {}, baggage: {} }

/** What a traveller has picked (nothing when absent). */
export function picksOf(choice: ExtrasChoice, index: number): TravellerChoice {
  return choice[index] ?? EMPTY
}

/** What a traveller may pick on a fare of this kind (the rules at the top of this file). */
export type PickKind = 'seat' | 'meal' | 'baggage' | 'mealPreference' | 'seatPreference'

export function mayPick(kind: Extras['kind'], type: TravellerType, pick: PickKind): boolean {
  const lcc = pick === 'seat' || pick === 'meal' || pick === 'baggage'
  if (lcc !== (kind === 'lcc')) return false
  return type !== 'infant' || pick === 'mealPreference'
}

/** Why a pick was refused. */
export type Refusal =
  | { reason: 'infant'; pick: PickKind }
  | { reason: 'taken'; seat: string }
  | { reason: 'held'; seat: string; by: ExtrasTraveller }
  | { reason: 'exit-row'; seat: string }
  /** No such seat or item, or its price cannot be read. */
  | { reason: 'unavailable' }

export type Outcome = { ok: true; choice: ExtrasChoice } | { ok: false; refusal: Refusal }

function refuse(refusal: Refusal): Outcome {
  return { ok: false, refusal }
}

function withPicks(choice: ExtrasChoice, index: number, change: Partial<TravellerChoice>): ExtrasChoice {
  return { ...choice, [index]: { ...picksOf(choice, index), ...change } }
}

function without(record: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const rest = { ...record }
  delete rest[key]
  return rest
}

/** "Adult 1", "Child 1": the traveller's type and number among that type, in the order given. */
export function travellerName(travellers: readonly ExtrasTraveller[], traveller: ExtrasTraveller): string {
  const n = travellers.filter((t) => t.type === traveller.type).findIndex((t) => t.index === traveller.index) + 1
  const type = traveller.type === 'adult' ? 'Adult' : traveller.type === 'child' ? 'Child' : 'Infant'
  return `${type} ${n}`
}

/** "A1", "C1": a traveller's mark on a seat they hold. */
export function travellerTag(travellers: readonly ExtrasTraveller[], traveller: ExtrasTraveller): string {
  const name = travellerName(travellers, traveller)
  return name[0] + name.slice(name.indexOf(' ') + 1)
}

/** "DEL→BOM" */
export function routeOf(offer: FlightOffer): string {
  return `${offer.origin}→${offer.destination}`
}

// Seats

/** A seat of a map and its row, by code. */
export function findSeat(map: SeatMap, code: string): { seat: Seat; row: SeatRow } | undefined {
  for (const row of map.rows) {
    for (const seat of row.seats) if (seat?.code === code) return { seat, row }
  }
  return undefined
}

/** Whether the seat is by an emergency exit (the row says so, or the seat does). */
export function isExitSeat(seat: Seat, row: SeatRow): boolean {
  return row.exit || seat.features.some((f) => f.toLowerCase() === 'exit row')
}

/** Who of the booking holds each seat of a map: seat code → traveller. */
export function seatHolders(
  map: SeatMap,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
): Map<string, ExtrasTraveller> {
  const holders = new Map<string, ExtrasTraveller>()
  for (const t of travellers) {
    const code = choice[t.index]?.seats[map.key]
    if (code !== undefined && !holders.has(code)) holders.set(code, t)
  }
  return holders
}

/** A seat as one traveller sees it: theirs, free to take, or why not. */
export type SeatState =
  | { state: 'mine'; paise: bigint }
  | { state: 'free'; paise: bigint }
  | { state: 'refused'; refusal: Refusal; paise: bigint | null }

function stateOf(
  seat: Seat,
  row: SeatRow,
  traveller: ExtrasTraveller,
  holders: ReadonlyMap<string, ExtrasTraveller>,
): SeatState {
  const paise = parsePaise(seat.price)
  const refused = (refusal: Refusal): SeatState => ({ state: 'refused', refusal, paise })
  if (seat.status === 'taken') return refused({ reason: 'taken', seat: seat.code })
  const holder = holders.get(seat.code)
  if (holder && holder.index !== traveller.index) return refused({ reason: 'held', seat: seat.code, by: holder })
  if (!mayPick('lcc', traveller.type, 'seat')) return refused({ reason: 'infant', pick: 'seat' })
  if (traveller.type === 'child' && isExitSeat(seat, row)) return refused({ reason: 'exit-row', seat: seat.code })
  if (paise === null) return refused({ reason: 'unavailable' })
  return { state: holder ? 'mine' : 'free', paise }
}

const UNAVAILABLE: SeatState = { state: 'refused', refusal: { reason: 'unavailable' }, paise: null }

/** What the traveller could do with the seat: the rules of `chooseSeat`, without choosing. */
export function seatState(
  map: SeatMap,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
  code: string,
): SeatState {
  const traveller = travellers.find((t) => t.index === index)
  const found = findSeat(map, code)
  if (!traveller || !found) return UNAVAILABLE
  return stateOf(found.seat, found.row, traveller, seatHolders(map, travellers, choice))
}

/** Every seat of the map as the traveller sees it (`seatState` for each), by seat code. */
export function seatStates(
  map: SeatMap,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
): Map<string, SeatState> {
  const traveller = travellers.find((t) => t.index === index)
  const holders = seatHolders(map, travellers, choice)
  const states = new Map<string, SeatState>()
  for (const row of map.rows) {
    for (const seat of row.seats) {
      if (seat) states.set(seat.code, traveller ? stateOf(seat, row, traveller, holders) : UNAVAILABLE)
    }
  }
  return states
}

/** The traveller takes a seat on this flight (in place of any seat they had on it). */
export function chooseSeat(
  map: SeatMap,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
  code: string,
): Outcome {
  const state = seatState(map, travellers, choice, index, code)
  if (state.state === 'refused') return refuse(state.refusal)
  const seats = picksOf(choice, index).seats
  return { ok: true, choice: withPicks(choice, index, { seats: { ...seats, [map.key]: code } }) }
}

/** The traveller lets their seat on this flight go. */
export function clearSeat(choice: ExtrasChoice, index: number, mapKey: string): ExtrasChoice {
  const seats = picksOf(choice, index).seats
  if (!(mapKey in seats)) return choice
  return withPicks(choice, index, { seats: without(seats, mapKey) })
}

// Meals and baggage

/** What an offered item costs: nothing when the fare includes it; null when its price cannot be read. */
export function itemPaise(item: { price: string; included: boolean }): bigint | null {
  return item.included ? 0n : parsePaise(item.price)
}

function chooseItem(
  pick: 'meal' | 'baggage',
  group: MealGroup | BaggageGroup,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
  code: string | null,
): Outcome {
  const traveller = travellers.find((t) => t.index === index)
  if (!traveller) return refuse({ reason: 'unavailable' })
  if (!mayPick('lcc', traveller.type, pick)) return refuse({ reason: 'infant', pick })
  const field = pick === 'meal' ? 'meals' : 'baggage'
  const picked = picksOf(choice, index)[field]
  const set = (picks: Record<string, string>) =>
    withPicks(choice, index, field === 'meals' ? { meals: picks } : { baggage: picks })
  if (code === null) return { ok: true, choice: group.key in picked ? set(without(picked, group.key)) : choice }
  const item = (group.items as readonly (MealItem | BaggageItem)[]).find((i) => i.code === code)
  if (!item || itemPaise(item) === null) return refuse({ reason: 'unavailable' })
  return { ok: true, choice: set({ ...picked, [group.key]: code }) }
}

/** The traveller picks a meal of the group, or none (null). */
export function chooseMeal(
  group: MealGroup,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
  code: string | null,
): Outcome {
  return chooseItem('meal', group, travellers, choice, index, code)
}

/** The traveller picks extra baggage of the group, or none (null). */
export function chooseBaggage(
  group: BaggageGroup,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
  code: string | null,
): Outcome {
  return chooseItem('baggage', group, travellers, choice, index, code)
}

// Preferences (gds)

/** The traveller asks for a special meal or a kind of seat, or nothing (null). */
export function choosePreference(
  extras: Extras,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
  index: number,
  pick: 'mealPreference' | 'seatPreference',
  code: string | null,
): Outcome {
  const traveller = travellers.find((t) => t.index === index)
  if (!traveller) return refuse({ reason: 'unavailable' })
  if (!mayPick(extras.kind, traveller.type, pick)) {
    return refuse(traveller.type === 'infant' ? { reason: 'infant', pick } : { reason: 'unavailable' })
  }
  if (code === null) {
    const { [pick]: _dropped, ...rest } = picksOf(choice, index)
    return { ok: true, choice: { ...choice, [index]: rest } }
  }
  const list = pick === 'mealPreference' ? extras.mealPreferences : extras.seatPreferences
  if (!list.some((p) => p.code === code)) return refuse({ reason: 'unavailable' })
  return { ok: true, choice: withPicks(choice, index, { [pick]: code }) }
}

// What the picks come to

/** Whether the airline offers anything at all for the travellers to pick. */
export function hasOffers(extras: Extras): boolean {
  if (extras.kind === 'gds') return extras.mealPreferences.length > 0 || extras.seatPreferences.length > 0
  return (
    extras.seatMaps.some((m) => m.rows.some((r) => r.seats.some((s) => s !== null))) ||
    extras.meals.some((g) => g.items.length > 0) ||
    extras.baggage.some((g) => g.items.length > 0)
  )
}

/**
 * The choice less every pick that is no longer allowed: a seat now taken or
 * held twice (the first traveller keeps it), an item no longer offered, a pick
 * the traveller's type may not make, a traveller not in the booking.
 */
export function validChoice(
  extras: Extras,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
): ExtrasChoice {
  let valid: ExtrasChoice = NO_EXTRAS
  for (const t of travellers) {
    const picks = choice[t.index]
    if (!picks) continue
    for (const [key, code] of Object.entries(picks.seats)) {
      const map = extras.kind === 'lcc' ? extras.seatMaps.find((m) => m.key === key) : undefined
      const out = map ? chooseSeat(map, travellers, valid, t.index, code) : undefined
      if (out?.ok) valid = out.choice
    }
    for (const [key, code] of Object.entries(picks.meals)) {
      const group = extras.kind === 'lcc' ? extras.meals.find((g) => g.key === key) : undefined
      const out = group ? chooseMeal(group, travellers, valid, t.index, code) : undefined
      if (out?.ok) valid = out.choice
    }
    for (const [key, code] of Object.entries(picks.baggage)) {
      const group = extras.kind === 'lcc' ? extras.baggage.find((g) => g.key === key) : undefined
      const out = group ? chooseBaggage(group, travellers, valid, t.index, code) : undefined
      if (out?.ok) valid = out.choice
    }
    for (const pick of ['mealPreference', 'seatPreference'] as const) {
      const code = picks[pick]
      const out = code === undefined ? undefined : choosePreference(extras, travellers, valid, t.index, pick, code)
      if (out?.ok) valid = out.choice
    }
  }
  return valid
}

/** One paid (or free) pick, as a price table lists it. */
export interface PriceLine {
  /** Unique within the list. */
  key: string
  traveller: number
  pick: 'seat' | 'meal' | 'baggage'
  /** "Seat 12A · DEL→BOM · Adult 1" */
  label: string
  paise: bigint
  /** Comes with the fare. */
  included: boolean
}

/**
 * The picks that are priced (lcc), traveller by traveller in the booking's
 * order, each traveller's seats, then meals, then baggage, flight by flight.
 * Picks no longer allowed are left out (`validChoice`).
 */
export function priceLines(extras: Extras, travellers: readonly ExtrasTraveller[], choice: ExtrasChoice): PriceLine[] {
  if (extras.kind !== 'lcc') return []
  const valid = validChoice(extras, travellers, choice)
  const lines: PriceLine[] = []
  for (const t of travellers) {
    const picks = picksOf(valid, t.index)
    const who = travellerName(travellers, t)
    const line = (pick: PriceLine['pick'], offer: FlightOffer, what: string, paise: bigint, included: boolean) =>
      lines.push({
        key: `${t.index}:${pick}:${offer.key}`,
        traveller: t.index,
        pick,
        label: `${what} · ${routeOf(offer)} · ${who}`,
        paise,
        included,
      })
    for (const map of extras.seatMaps) {
      const code = picks.seats[map.key]
      const seat = code === undefined ? undefined : findSeat(map, code)?.seat
      const paise = seat ? parsePaise(seat.price) : null
      if (seat && paise !== null) line('seat', map, `Seat ${seat.code}`, paise, false)
    }
    for (const group of extras.meals) {
      const item = group.items.find((i) => i.code === picks.meals[group.key])
      const paise = item ? itemPaise(item) : null
      if (item && paise !== null) line('meal', group, item.description, paise, item.included)
    }
    for (const group of extras.baggage) {
      const item = group.items.find((i) => i.code === picks.baggage[group.key])
      const paise = item ? itemPaise(item) : null
      if (item && paise !== null) line('baggage', group, `Extra baggage ${item.weightKg} kg`, paise, item.included)
    }
  }
  return lines
}

/** What the lines come to, in paise. */
export function linesTotal(lines: readonly PriceLine[], traveller?: number): bigint {
  return lines.reduce((sum, l) => (traveller === undefined || l.traveller === traveller ? sum + l.paise : sum), 0n)
}

/** A price line as text: "Seat 12A · DEL→BOM · Adult 1 — ₹350". */
export function lineText(line: PriceLine): string {
  const amount = line.included ? 'Included' : line.paise === 0n ? 'Free' : formatINR(line.paise)
  return `${line.label} — ${amount}`
}

// The API body

/**
 * One traveller's picks as the booking API takes them: seats, meals and
 * baggage by seat map or group key on a low-cost fare, the two preferences on
 * a full-service one. A part left out is nothing picked.
 */
export interface TravellerExtrasBody {
  seats?: Record<string, string>
  meals?: Record<string, string>
  baggage?: Record<string, string>
  mealPreference?: string
  seatPreference?: string
}

/**
 * The choice as the booking API takes it: one entry per traveller, at the
 * traveller's index ({} for one who picked nothing), up to the last traveller
 * who picked something; every pick no longer allowed left out. Nothing
 * picked: [].
 */
export function extrasBody(
  extras: Extras,
  travellers: readonly ExtrasTraveller[],
  choice: ExtrasChoice,
): TravellerExtrasBody[] {
  const valid = validChoice(extras, travellers, choice)
  const body: TravellerExtrasBody[] = []
  for (const t of travellers) {
    const picks = valid[t.index]
    if (!picks) continue
    const entry: TravellerExtrasBody = {}
    if (extras.kind === 'lcc') {
      if (Object.keys(picks.seats).length) entry.seats = { ...picks.seats }
      if (Object.keys(picks.meals).length) entry.meals = { ...picks.meals }
      if (Object.keys(picks.baggage).length) entry.baggage = { ...picks.baggage }
    } else {
      if (picks.mealPreference) entry.mealPreference = picks.mealPreference
      if (picks.seatPreference) entry.seatPreference = picks.seatPreference
    }
    if (Object.keys(entry).length === 0) continue
    while (body.length < t.index) body.push({})
    body[t.index] = entry
  }
  return body
}

// Laying the offers out

/** One flight's offers: its seat map, meals and baggage (any may be missing). */
export interface FlightExtras extends FlightOffer {
  seatMap?: SeatMap
  meals?: MealGroup
  baggage?: BaggageGroup
}

/**
 * The offers flight by flight, in the order they first appear: a meal or
 * baggage group for the same flight and route as a seat map goes with it; one
 * sold for a whole leg (a route no seat map has) is a flight of its own.
 */
export function flightsOf(extras: Extras): FlightExtras[] {
  const flights: FlightExtras[] = []
  const at = (offer: FlightOffer) => {
    const same = (f: FlightOffer) =>
      f.airline === offer.airline &&
      f.flightNumber === offer.flightNumber &&
      f.origin === offer.origin &&
      f.destination === offer.destination
    let flight = flights.find(same)
    if (!flight) {
      const { key, airline, flightNumber, origin, destination } = offer
      flight = { key, airline, flightNumber, origin, destination }
      flights.push(flight)
    }
    return flight
  }
  for (const m of extras.seatMaps) at(m).seatMap ??= m
  for (const g of extras.meals) at(g).meals ??= g
  for (const g of extras.baggage) at(g).baggage ??= g
  return flights
}

/** What a refusal says to the traveller. */
export function refusalText(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'infant':
      return refusal.pick === 'seat' || refusal.pick === 'seatPreference'
        ? 'Infants sit on an adult’s lap, so they get no seat.'
        : 'Infants sit on an adult’s lap, so they get no meal or extra baggage of their own.'
    case 'taken':
      return `Seat ${refusal.seat} is taken. Choose a free seat.`
    case 'held':
      return `Seat ${refusal.seat} is already chosen for ${refusal.by.label}. Choose another seat, or change theirs first.`
    case 'exit-row':
      return `Seat ${refusal.seat} is in an exit row, which is for adults only.`
    case 'unavailable':
      return 'That is not on offer any more.'
  }
}

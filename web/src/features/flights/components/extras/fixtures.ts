// Extras as the API answers them for tests: an IndiGo A320neo (3-3, 30 rows,
// paid rows 1-5, exit rows 12-13, some seats taken), its meals and prepaid
// baggage, a full-service fare's preferences, and a family of four.
import type {
  BaggageGroup,
  Extras,
  ExtrasTraveller,
  FlightOffer,
  MealGroup,
  Seat,
  SeatMap,
  SeatPosition,
} from '../../lib/extras'

export const ASHA: ExtrasTraveller = { index: 0, label: 'Adult 1 · Asha Rao', type: 'adult' }
export const RAVI: ExtrasTraveller = { index: 1, label: 'Adult 2 · Ravi Rao', type: 'adult' }
export const MIRA: ExtrasTraveller = { index: 2, label: 'Child 1 · Mira Rao', type: 'child' }
export const KABIR: ExtrasTraveller = { index: 3, label: 'Infant 1 · Kabir Rao', type: 'infant' }

/** Two adults, a child and an infant. */
export const FAMILY: ExtrasTraveller[] = [ASHA, RAVI, MIRA, KABIR]

export const DEL_BOM: FlightOffer = {
  key: 'DEL-BOM-6E2134',
  airline: '6E',
  flightNumber: '2134',
  origin: 'DEL',
  destination: 'BOM',
}

export const BOM_BLR: FlightOffer = {
  key: 'BOM-BLR-6E5312',
  airline: '6E',
  flightNumber: '5312',
  origin: 'BOM',
  destination: 'BLR',
}

const COLUMNS = ['A', 'B', 'C', '', 'D', 'E', 'F']
const POSITIONS: Record<string, SeatPosition> = {
  A: 'window',
  B: 'middle',
  C: 'aisle',
  D: 'aisle',
  E: 'middle',
  F: 'window',
}

/** Seats sold by the time of booking on 6E 2134. */
const TAKEN = new Set(
  '1A 1B 1C 2D 3F 7A 7B 9E 12F 14C 15A 15B 15C 18D 20A 20B 20C 20D 20E 20F 22B 27E 30A 30F'.split(' '),
)

/** IndiGo's prices by row: the front rows and the exit rows cost most; middles and the back are free. */
function priceOf(row: number, position: SeatPosition): string {
  if (row <= 5) return position === 'middle' ? '400.00' : '450.00'
  if (row === 12 || row === 13) return '350.00'
  if (row >= 26 || position === 'middle') return '0.00'
  if (row <= 11) return position === 'window' ? '250.00' : '200.00'
  return '150.00'
}

/** An A320neo cabin in IndiGo's layout, 3-3 in 30 rows, exit rows 12 and 13. */
export function a320(flight: FlightOffer = DEL_BOM, taken: ReadonlySet<string> = TAKEN): SeatMap {
  return {
    ...flight,
    craft: 'Airbus A320neo',
    columns: COLUMNS,
    rows: Array.from({ length: 30 }, (_, i) => {
      const row = i + 1
      const exit = row === 12 || row === 13
      return {
        row,
        exit,
        seats: COLUMNS.map((column): Seat | null => {
          if (!column) return null
          const code = `${row}${column}`
          const position = POSITIONS[column]!
          return {
            code,
            column,
            status: taken.has(code) ? 'taken' : 'free',
            price: priceOf(row, position),
            position,
            features: exit ? ['exit row', 'extra legroom'] : [],
          }
        }),
      }
    }),
  }
}

export function meals(flight: FlightOffer = DEL_BOM): MealGroup {
  return {
    ...flight,
    key: `meal-${flight.key}`,
    items: [
      { code: 'VCSW', description: 'Veg cheese sandwich', price: '199.50', included: false },
      { code: 'PTSW', description: 'Paneer tikka sandwich', price: '250.00', included: false },
      { code: 'CJSW', description: 'Chicken junglee sandwich', price: '300.00', included: false },
      { code: 'SNCK', description: 'Snack box with your fare', price: '0.00', included: true },
    ],
  }
}

export function baggage(flight: FlightOffer = DEL_BOM): BaggageGroup {
  return {
    ...flight,
    key: `bag-${flight.key}`,
    items: [
      { code: 'XC03', description: 'Prepaid excess baggage 3 kg', weightKg: 3, price: '1050.00', included: false },
      { code: 'XC05', description: 'Prepaid excess baggage 5 kg', weightKg: 5, price: '1750.00', included: false },
      { code: 'XC10', description: 'Prepaid excess baggage 10 kg', weightKg: 10, price: '3500.00', included: false },
    ],
  }
}

/** A low-cost fare's offers on DEL→BOM: the seat map, meals and baggage. */
export function lccExtras(overrides: Partial<Extras> = {}): Extras {
  return {
    kind: 'lcc',
    currency: 'INR',
    seatMaps: [a320()],
    meals: [meals()],
    baggage: [baggage()],
    mealPreferences: [],
    seatPreferences: [],
    ...overrides,
  }
}

/** DEL→BOM→BLR: a seat map and meals per flight, baggage sold once for the whole leg. */
export function connectingExtras(): Extras {
  return lccExtras({
    seatMaps: [a320(DEL_BOM), a320(BOM_BLR, new Set(['1A', '12A']))],
    meals: [meals(DEL_BOM), meals(BOM_BLR)],
    baggage: [{ ...baggage(DEL_BOM), key: 'bag-DEL-BLR', destination: 'BLR' }],
  })
}

/** A full-service fare: special meals and seat preferences only. */
export function gdsExtras(): Extras {
  return {
    kind: 'gds',
    currency: 'INR',
    seatMaps: [],
    meals: [],
    baggage: [],
    mealPreferences: [
      { code: 'AVML', description: 'Asian vegetarian' },
      { code: 'VJML', description: 'Jain vegetarian' },
      { code: 'CHML', description: 'Child meal' },
      { code: 'BBML', description: 'Baby meal' },
    ],
    seatPreferences: [
      { code: 'NSSW', description: 'Window seat' },
      { code: 'NSSA', description: 'Aisle seat' },
    ],
  }
}

/** An airline that sells nothing online. */
export function noExtras(): Extras {
  return lccExtras({ seatMaps: [], meals: [], baggage: [] })
}

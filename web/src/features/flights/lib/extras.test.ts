import { describe, expect, it } from 'vitest'
import {
  a320,
  ASHA,
  baggage,
  BOM_BLR,
  connectingExtras,
  DEL_BOM,
  FAMILY,
  gdsExtras,
  KABIR,
  lccExtras,
  meals,
  MIRA,
  noExtras,
  RAVI,
} from '../components/extras/fixtures'
import {
  chooseBaggage,
  chooseMeal,
  choosePreference,
  chooseSeat,
  clearSeat,
  extrasBody,
  flightsOf,
  hasOffers,
  lineText,
  linesTotal,
  mayPick,
  NO_EXTRAS,
  priceLines,
  refusalText,
  seatState,
  seatStates,
  travellerName,
  travellerTag,
  validChoice,
  type ExtrasChoice,
  type Outcome,
} from './extras'

const MAP = a320()

/** The choice of an outcome the test expects to succeed. */
function ok(outcome: Outcome): ExtrasChoice {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`)
  return outcome.choice
}

describe('choosing seats', () => {
  it('gives a traveller a seat, moves it when they choose another, and lets it go', () => {
    let choice = ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '12A'))
    expect(choice[ASHA.index]?.seats).toEqual({ [MAP.key]: '12A' })
    choice = ok(chooseSeat(MAP, FAMILY, choice, ASHA.index, '4C'))
    expect(choice[ASHA.index]?.seats).toEqual({ [MAP.key]: '4C' })
    choice = clearSeat(choice, ASHA.index, MAP.key)
    expect(choice[ASHA.index]?.seats).toEqual({})
    expect(clearSeat(choice, ASHA.index, MAP.key)).toBe(choice)
  })

  it('keeps each traveller’s seat per flight', () => {
    const second = a320(BOM_BLR, new Set())
    let choice = ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '12A'))
    choice = ok(chooseSeat(second, FAMILY, choice, ASHA.index, '12A'))
    choice = ok(chooseSeat(MAP, FAMILY, choice, RAVI.index, '12B'))
    expect(choice).toEqual({
      [ASHA.index]: { seats: { [DEL_BOM.key]: '12A', [BOM_BLR.key]: '12A' }, meals: {}, baggage: {} },
      [RAVI.index]: { seats: { [DEL_BOM.key]: '12B' }, meals: {}, baggage: {} },
    })
  })

  it('refuses a seat someone outside the booking has taken', () => {
    expect(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '14C')).toEqual({
      ok: false,
      refusal: { reason: 'taken', seat: '14C' },
    })
  })

  it('refuses a seat another traveller of the booking holds, until they let it go', () => {
    const held = ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '12A'))
    const refused = chooseSeat(MAP, FAMILY, held, RAVI.index, '12A')
    expect(refused).toEqual({ ok: false, refusal: { reason: 'held', seat: '12A', by: ASHA } })
    expect(seatState(MAP, FAMILY, held, ASHA.index, '12A')).toEqual({ state: 'mine', paise: 35000n })
    expect(seatState(MAP, FAMILY, held, RAVI.index, '12A')).toMatchObject({ state: 'refused', paise: 35000n })
    const freed = clearSeat(held, ASHA.index, MAP.key)
    expect(ok(chooseSeat(MAP, FAMILY, freed, RAVI.index, '12A'))[RAVI.index]?.seats).toEqual({ [MAP.key]: '12A' })
  })

  it('gives an infant no seat, and a child no exit-row seat', () => {
    expect(chooseSeat(MAP, FAMILY, NO_EXTRAS, KABIR.index, '21A')).toEqual({
      ok: false,
      refusal: { reason: 'infant', pick: 'seat' },
    })
    expect(chooseSeat(MAP, FAMILY, NO_EXTRAS, MIRA.index, '13B')).toEqual({
      ok: false,
      refusal: { reason: 'exit-row', seat: '13B' },
    })
    expect(ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, MIRA.index, '14B'))[MIRA.index]?.seats).toEqual({ [MAP.key]: '14B' })
  })

  it('tells every seat’s state at once, as seatState does one by one', () => {
    const held = ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '12A'))
    for (const t of FAMILY) {
      const states = seatStates(MAP, FAMILY, held, t.index)
      expect(states.size).toBe(180)
      for (const code of ['12A', '12B', '14C', '21B', '13F']) {
        expect(states.get(code)).toEqual(seatState(MAP, FAMILY, held, t.index, code))
      }
    }
    expect([...seatStates(MAP, FAMILY, held, KABIR.index).values()].every((s) => s.state === 'refused')).toBe(true)
  })

  it('refuses a seat that does not exist, has no readable price, or for someone not in the booking', () => {
    expect(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '40A')).toEqual({
      ok: false,
      refusal: { reason: 'unavailable' },
    })
    expect(chooseSeat(MAP, FAMILY, NO_EXTRAS, 9, '21A')).toEqual({ ok: false, refusal: { reason: 'unavailable' } })
    const odd = a320()
    odd.rows[20]!.seats[0] = { ...odd.rows[20]!.seats[0]!, price: '1e3' }
    expect(chooseSeat(odd, FAMILY, NO_EXTRAS, ASHA.index, '21A')).toEqual({
      ok: false,
      refusal: { reason: 'unavailable' },
    })
  })
})

describe('choosing meals and baggage', () => {
  const meal = meals()
  const bags = baggage()

  it('picks one meal and one baggage per group, and none again', () => {
    let choice = ok(chooseMeal(meal, FAMILY, NO_EXTRAS, ASHA.index, 'VCSW'))
    choice = ok(chooseMeal(meal, FAMILY, choice, ASHA.index, 'PTSW'))
    choice = ok(chooseBaggage(bags, FAMILY, choice, ASHA.index, 'XC03'))
    expect(choice[ASHA.index]).toEqual({ seats: {}, meals: { [meal.key]: 'PTSW' }, baggage: { [bags.key]: 'XC03' } })
    choice = ok(chooseMeal(meal, FAMILY, choice, ASHA.index, null))
    expect(choice[ASHA.index]?.meals).toEqual({})
    expect(ok(chooseMeal(meal, FAMILY, choice, ASHA.index, null))).toBe(choice)
  })

  it('gives an infant no meal or baggage on a low-cost fare, and refuses an item not on offer', () => {
    expect(chooseMeal(meal, FAMILY, NO_EXTRAS, KABIR.index, 'VCSW')).toEqual({
      ok: false,
      refusal: { reason: 'infant', pick: 'meal' },
    })
    expect(chooseBaggage(bags, FAMILY, NO_EXTRAS, KABIR.index, 'XC03')).toEqual({
      ok: false,
      refusal: { reason: 'infant', pick: 'baggage' },
    })
    expect(chooseMeal(meal, FAMILY, NO_EXTRAS, ASHA.index, 'XC03')).toEqual({
      ok: false,
      refusal: { reason: 'unavailable' },
    })
  })

  it('lets a child have meals and baggage', () => {
    expect(ok(chooseBaggage(bags, FAMILY, NO_EXTRAS, MIRA.index, 'XC05'))[MIRA.index]?.baggage).toEqual({
      [bags.key]: 'XC05',
    })
  })
})

describe('preferences on a full-service fare', () => {
  const extras = gdsExtras()

  it('asks for a special meal and a seat, and nothing again', () => {
    let choice = ok(choosePreference(extras, FAMILY, NO_EXTRAS, ASHA.index, 'mealPreference', 'VJML'))
    choice = ok(choosePreference(extras, FAMILY, choice, ASHA.index, 'seatPreference', 'NSSW'))
    expect(choice[ASHA.index]).toMatchObject({ mealPreference: 'VJML', seatPreference: 'NSSW' })
    choice = ok(choosePreference(extras, FAMILY, choice, ASHA.index, 'seatPreference', null))
    expect(choice[ASHA.index]?.seatPreference).toBeUndefined()
    expect(choice[ASHA.index]?.mealPreference).toBe('VJML')
  })

  it('lets an infant ask for a baby meal but not for a seat', () => {
    expect(ok(choosePreference(extras, FAMILY, NO_EXTRAS, KABIR.index, 'mealPreference', 'BBML'))).toMatchObject({
      [KABIR.index]: { mealPreference: 'BBML' },
    })
    expect(choosePreference(extras, FAMILY, NO_EXTRAS, KABIR.index, 'seatPreference', 'NSSW')).toEqual({
      ok: false,
      refusal: { reason: 'infant', pick: 'seatPreference' },
    })
  })

  it('refuses a code not offered, and preferences on a low-cost fare', () => {
    expect(choosePreference(extras, FAMILY, NO_EXTRAS, ASHA.index, 'mealPreference', 'XXML')).toEqual({
      ok: false,
      refusal: { reason: 'unavailable' },
    })
    expect(choosePreference(lccExtras(), FAMILY, NO_EXTRAS, ASHA.index, 'mealPreference', 'AVML')).toEqual({
      ok: false,
      refusal: { reason: 'unavailable' },
    })
  })
})

describe('who may pick what', () => {
  it.each([
    ['lcc', 'adult', ['seat', 'meal', 'baggage']],
    ['lcc', 'child', ['seat', 'meal', 'baggage']],
    ['lcc', 'infant', []],
    ['gds', 'adult', ['mealPreference', 'seatPreference']],
    ['gds', 'infant', ['mealPreference']],
  ] as const)('%s %s: %j', (kind, type, allowed) => {
    const picks = ['seat', 'meal', 'baggage', 'mealPreference', 'seatPreference'] as const
    expect(picks.filter((p) => mayPick(kind, type, p))).toEqual(allowed)
  })
})

describe('what the picks cost', () => {
  const extras = lccExtras()

  function asha350Meal199Bags1050(): ExtrasChoice {
    let choice = ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, ASHA.index, '12A'))
    choice = ok(chooseMeal(meals(), FAMILY, choice, ASHA.index, 'VCSW'))
    return ok(chooseBaggage(baggage(), FAMILY, choice, ASHA.index, 'XC03'))
  }

  it('adds up exactly, in paise: ₹350.00 + ₹199.50 + ₹1,050 = ₹1,599.50', () => {
    const lines = priceLines(extras, FAMILY, asha350Meal199Bags1050())
    expect(lines.map(lineText)).toEqual([
      'Seat 12A · DEL→BOM · Adult 1 — ₹350',
      'Veg cheese sandwich · DEL→BOM · Adult 1 — ₹199.50',
      'Extra baggage 3 kg · DEL→BOM · Adult 1 — ₹1,050',
    ])
    expect(linesTotal(lines)).toBe(159950n)
    expect(linesTotal(lines, ASHA.index)).toBe(159950n)
    expect(linesTotal(lines, RAVI.index)).toBe(0n)
  })

  it('totals per traveller and for the booking, listing free and included picks at nothing', () => {
    let choice = asha350Meal199Bags1050()
    choice = ok(chooseSeat(MAP, FAMILY, choice, RAVI.index, '21B'))
    choice = ok(chooseMeal(meals(), FAMILY, choice, RAVI.index, 'SNCK'))
    choice = ok(chooseSeat(MAP, FAMILY, choice, MIRA.index, '4B'))
    const lines = priceLines(extras, FAMILY, choice)
    expect(lines.filter((l) => l.traveller !== ASHA.index).map(lineText)).toEqual([
      'Seat 21B · DEL→BOM · Adult 2 — Free',
      'Snack box with your fare · DEL→BOM · Adult 2 — Included',
      'Seat 4B · DEL→BOM · Child 1 — ₹400',
    ])
    expect(linesTotal(lines, RAVI.index)).toBe(0n)
    expect(linesTotal(lines, MIRA.index)).toBe(40000n)
    expect(linesTotal(lines)).toBe(199950n)
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length)
  })

  it('stays exact far past what a float holds', () => {
    const dear = lccExtras({
      meals: [
        { ...meals(), items: [{ code: 'GOLD', description: 'Gold', price: '90071992547409.93', included: false }] },
      ],
    })
    let choice = ok(chooseMeal(dear.meals[0]!, FAMILY, NO_EXTRAS, ASHA.index, 'GOLD'))
    choice = ok(chooseMeal(dear.meals[0]!, FAMILY, choice, RAVI.index, 'GOLD'))
    expect(linesTotal(priceLines(dear, FAMILY, choice))).toBe(18014398509481986n)
  })

  it('lists flight by flight on a connection, with baggage sold once for the whole leg', () => {
    const connecting = connectingExtras()
    let choice = ok(chooseSeat(connecting.seatMaps[1]!, FAMILY, NO_EXTRAS, ASHA.index, '2A'))
    choice = ok(chooseSeat(connecting.seatMaps[0]!, FAMILY, choice, ASHA.index, '2C'))
    choice = ok(chooseBaggage(connecting.baggage[0]!, FAMILY, choice, ASHA.index, 'XC05'))
    expect(priceLines(connecting, FAMILY, choice).map(lineText)).toEqual([
      'Seat 2C · DEL→BOM · Adult 1 — ₹450',
      'Seat 2A · BOM→BLR · Adult 1 — ₹450',
      'Extra baggage 5 kg · DEL→BLR · Adult 1 — ₹1,750',
    ])
  })

  it('has no prices on a full-service fare', () => {
    const extras = gdsExtras()
    const choice = ok(choosePreference(extras, FAMILY, NO_EXTRAS, ASHA.index, 'mealPreference', 'AVML'))
    expect(priceLines(extras, FAMILY, choice)).toEqual([])
  })
})

describe('picks no longer allowed', () => {
  it('are dropped: a seat since taken, one held twice, an infant’s, an unknown traveller’s or group', () => {
    const choice: ExtrasChoice = {
      [ASHA.index]: { seats: { [MAP.key]: '12A' }, meals: { nope: 'VCSW' }, baggage: {} },
      [RAVI.index]: { seats: { [MAP.key]: '12A' }, meals: {}, baggage: { [baggage().key]: 'XC10' } },
      [MIRA.index]: { seats: { [MAP.key]: '14C' }, meals: {}, baggage: {} },
      [KABIR.index]: { seats: { [MAP.key]: '21A' }, meals: { [meals().key]: 'VCSW' }, baggage: {} },
      9: { seats: { [MAP.key]: '21B' }, meals: {}, baggage: {} },
    }
    expect(validChoice(lccExtras(), FAMILY, choice)).toEqual({
      [ASHA.index]: { seats: { [MAP.key]: '12A' }, meals: {}, baggage: {} },
      [RAVI.index]: { seats: {}, meals: {}, baggage: { [baggage().key]: 'XC10' } },
    })
  })
})

describe('the API body', () => {
  it('has an entry per traveller at their index, {} for one who picked nothing, up to the last who did', () => {
    let choice = ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, RAVI.index, '12A'))
    choice = ok(chooseMeal(meals(), FAMILY, choice, RAVI.index, 'VCSW'))
    choice = ok(chooseSeat(MAP, FAMILY, choice, ASHA.index, '12B'))
    choice = clearSeat(choice, ASHA.index, MAP.key)
    choice = ok(chooseBaggage(baggage(), FAMILY, choice, MIRA.index, 'XC05'))
    expect(extrasBody(lccExtras(), FAMILY, choice)).toEqual([
      {},
      { seats: { [MAP.key]: '12A' }, meals: { [meals().key]: 'VCSW' } },
      { baggage: { [baggage().key]: 'XC05' } },
    ])
  })

  it('is empty when nothing was picked', () => {
    expect(extrasBody(lccExtras(), FAMILY, NO_EXTRAS)).toEqual([])
    expect(extrasBody(gdsExtras(), FAMILY, NO_EXTRAS)).toEqual([])
    expect(
      extrasBody(lccExtras(), FAMILY, clearSeat(ok(chooseSeat(MAP, FAMILY, NO_EXTRAS, 0, '12A')), 0, MAP.key)),
    ).toEqual([])
  })

  it('carries the preferences on a full-service fare, and leaves out picks no longer allowed', () => {
    const extras = gdsExtras()
    let choice = ok(choosePreference(extras, FAMILY, NO_EXTRAS, ASHA.index, 'seatPreference', 'NSSA'))
    choice = ok(choosePreference(extras, FAMILY, choice, KABIR.index, 'mealPreference', 'BBML'))
    choice = { ...choice, [KABIR.index]: { ...choice[KABIR.index]!, seatPreference: 'NSSW' } }
    expect(extrasBody(extras, FAMILY, choice)).toEqual([{ seatPreference: 'NSSA' }, {}, {}, { mealPreference: 'BBML' }])
  })
})

describe('laying out the offers', () => {
  it('groups a seat map with the meals and baggage of its flight', () => {
    const flights = flightsOf(lccExtras())
    expect(flights).toHaveLength(1)
    expect(flights[0]).toMatchObject({ origin: 'DEL', destination: 'BOM', flightNumber: '2134' })
    expect(flights[0]?.seatMap?.key).toBe(DEL_BOM.key)
    expect(flights[0]?.meals?.key).toBe(`meal-${DEL_BOM.key}`)
    expect(flights[0]?.baggage?.key).toBe(`bag-${DEL_BOM.key}`)
  })

  it('gives baggage sold for a whole leg a place of its own', () => {
    const flights = flightsOf(connectingExtras())
    expect(flights.map((f) => `${f.origin}→${f.destination}`)).toEqual(['DEL→BOM', 'BOM→BLR', 'DEL→BLR'])
    expect(flights[2]?.baggage?.key).toBe('bag-DEL-BLR')
    expect(flights[2]?.seatMap).toBeUndefined()
  })

  it('knows when the airline offers nothing', () => {
    expect(hasOffers(lccExtras())).toBe(true)
    expect(hasOffers(noExtras())).toBe(false)
    expect(hasOffers(gdsExtras())).toBe(true)
    expect(hasOffers({ ...gdsExtras(), mealPreferences: [], seatPreferences: [] })).toBe(false)
  })
})

describe('names and words', () => {
  it('names travellers by type and number, and tags their seats', () => {
    expect(FAMILY.map((t) => travellerName(FAMILY, t))).toEqual(['Adult 1', 'Adult 2', 'Child 1', 'Infant 1'])
    expect(FAMILY.map((t) => travellerTag(FAMILY, t))).toEqual(['A1', 'A2', 'C1', 'I1'])
  })

  it('says why a pick was refused', () => {
    expect(refusalText({ reason: 'taken', seat: '14C' })).toBe('Seat 14C is taken. Choose a free seat.')
    expect(refusalText({ reason: 'held', seat: '12A', by: ASHA })).toBe(
      'Seat 12A is already chosen for Adult 1 · Asha Rao. Choose another seat, or change theirs first.',
    )
    expect(refusalText({ reason: 'infant', pick: 'seat' })).toBe('Infants sit on an adult’s lap, so they get no seat.')
  })
})

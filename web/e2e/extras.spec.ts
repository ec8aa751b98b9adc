import { openCheckout, payAtCheckout } from './checkout'
import type { Locator, Page } from '@playwright/test'
import {
  clearSimFaults,
  createAccount,
  expect,
  expectApiServer,
  fillPassenger,
  indiaDay,
  openFare,
  pickFare,
  searchFares,
  setSimFaults,
  simBookings,
  test,
  type Fare,
} from './fixtures'

/** Rupees as the page writes them ("₹1,23,456.50") back to paise. */
function paiseOf(text: string): bigint {
  const m = /₹([\d,]+)(?:\.(\d\d))?/.exec(text)
  expect(m, `an amount in ${text}`).not.toBeNull()
  return BigInt((m?.[1] ?? '0').replaceAll(',', '')) * 100n + BigInt(m?.[2] ?? '0')
}

/** A price as a control's accessible name says it ("350 rupees", "1,234 rupees 50 paise") in paise. */
function spokenPaise(name: string): bigint {
  const m = /([\d,]+) rupees(?: (\d+) paise)?/.exec(name)
  expect(m, `a price in ${name}`).not.toBeNull()
  return BigInt((m?.[1] ?? '0').replaceAll(',', '')) * 100n + BigInt(m?.[2] ?? '0')
}

/** Paise as the supplier's record writes rupees ("350.00"). */
function rupeesPaise(text: string): bigint {
  const [whole = '0', part = ''] = text.split('.')
  return BigInt(whole) * 100n + BigInt(part.padEnd(2, '0'))
}

/** Fills one traveller's form, found by its heading, as a person typing it would. */
async function fillTraveller(
  page: Page,
  heading: string,
  t: { title: string; first: string; last: string; dob: string },
) {
  const form = page.getByRole('group', { name: heading })
  await form.getByLabel('Title').selectOption(t.title)
  await form.getByLabel('First name').fill(t.first)
  await form.getByLabel('Last name').fill(t.last)
  await form.getByRole('textbox', { name: 'Date of birth', exact: true }).fill(t.dob)
}

/** The first of two seats side by side among `codes` (no aisle between), with its neighbour. */
function pairIn(codes: ReadonlySet<string>): [string, string] | undefined {
  for (const code of codes) {
    const [, row, letter] = /^(\d+)([A-K])$/.exec(code) ?? []
    // Neighbours in a 3-3 cabin: A-B, B-C, D-E, E-F.
    const next = { A: 'B', B: 'C', D: 'E', E: 'F' }[letter ?? '']
    if (next && codes.has(`${row}${next}`)) return [code, `${row}${next}`]
  }
  return undefined
}

/** Two free, paid seats side by side on the seat map, by code. */
async function twoSeatsTogether(grid: Locator): Promise<[string, string]> {
  const names = await grid
    .getByRole('button', { name: /^Seat \d+[A-K], .*rupees/ })
    .evaluateAll((seats) => seats.map((s) => s.getAttribute('aria-label') ?? ''))
  const pair = pairIn(new Set(names.map((n) => /^Seat (\d+[A-K])/.exec(n)?.[1] ?? '')))
  if (!pair) throw new Error(`no two paid seats together among ${names.join('; ')}`)
  return pair
}

/** The API's extras answer, as much of it as the seats need. */
interface SeatsAnswer {
  data?: { seatMaps?: { rows: { seats: ({ code: string; status: string; price: string } | null)[] }[] }[] }
}

/**
 * A low-cost fare whose first flight still has two paid seats free side by side. The simulator fills
 * each flight's cabin to a load of its own (drawn from the flight and its day), so on some days a
 * flight's paid rows hold no such pair: the fares are asked in turn, as the page will ask them.
 */
async function fareWithPaidSeatsTogether(page: Page, traceId: string, fares: Fare[]): Promise<Fare> {
  for (const fare of fares.filter((f) => f.IsLCC)) {
    const res = await page.request.post('/api/v1/flights/tbo/extras', {
      data: { traceId, resultIndex: fare.ResultIndex },
    })
    if (!res.ok()) continue
    const rows = ((await res.json()) as SeatsAnswer).data?.seatMaps?.[0]?.rows ?? []
    const free = rows
      .flatMap((r) => r.seats)
      .filter((seat) => seat?.status === 'free' && Number(seat.price) > 0)
      .map((seat) => seat!.code)
    if (pairIn(new Set(free))) return fare
  }
  throw new Error('no low-cost fare of the search has two paid seats free together')
}

test.describe('seats, meals and baggage, on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true })

  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('a paid seat and a meal on a low-cost fare are paid with it and listed on the trip', async ({ page }) => {
    test.setTimeout(150_000)
    await createAccount(page.request, 'extras-lcc', 'Ananya Sharma')
    const { traceId, fares } = await searchFares(page.request, 'BOM', 'DEL')
    await openFare(
      page,
      traceId,
      pickFare(fares, (f) => f.IsLCC),
    )
    await fillPassenger(page)

    const step = page.getByRole('region', { name: 'Seats, meals and baggage' })
    await expect(step).toBeVisible({ timeout: 30_000 })
    // The cabin fits the phone's width: no sideways scrolling.
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 412)

    // A free-to-choose seat with a price, then a meal with a price.
    const seat = step
      .getByRole('grid')
      .getByRole('button', { name: /^Seat \d+[A-F], .*rupees$/ })
      .first()
    const seatName = (await seat.getAttribute('aria-label')) ?? (await seat.textContent()) ?? ''
    const code = /^Seat (\d+[A-F])/.exec(seatName)?.[1] ?? ''
    await seat.tap()
    await expect(seat).toHaveAttribute('aria-pressed', 'true')
    await step
      .getByRole('radio', { name: /rupees/ })
      .first()
      .check()
    const extras = paiseOf((await step.getByTestId('extras-total').textContent()) ?? '')
    expect(extras).toBeGreaterThan(0n)
    await step.getByRole('button', { name: 'Continue' }).tap()
    await expect(page.getByTestId('extras-chosen')).toContainText(`Seat ${code}`)

    await page.getByRole('button', { name: 'Book', exact: true }).tap()
    await expect(page.getByText('Low-cost fares are booked when the ticket is issued.')).toBeVisible({
      timeout: 30_000,
    })
    // The payment table adds the extras to the fare, to the paisa, and the button asks that much.
    const table = page.getByTestId('payment-summary')
    const total = paiseOf((await page.getByTestId('payment-total').textContent()) ?? '')
    const fare = total - extras
    expect(fare).toBeGreaterThan(0n)
    await expect(table.getByRole('row', { name: /Seats, meals and baggage/ })).toBeVisible()
    const pay = page.getByRole('button', { name: /^Pay ₹/ })
    expect(paiseOf((await pay.textContent()) ?? '')).toBe(total)

    await openCheckout(page, pay)
    await payAtCheckout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket issued' })).toBeVisible({ timeout: 60_000 })

    // The trip lists the seat, and the booking was paid exactly fare plus extras.
    const bookings = await page.request.get('/api/v1/me/bookings')
    const { items } = (await bookings.json()) as { items: { _id: string }[] }
    const id = items[0]?._id ?? ''
    const one = (await (await page.request.get(`/api/v1/me/bookings/${id}`)).json()) as {
      booking: { paid: string; extrasPrice: string }
    }
    const paid = one.booking.paid.split('.')
    expect(BigInt(paid[0] ?? '0') * 100n + BigInt((paid[1] ?? '').padEnd(2, '0'))).toBe(total)
    await page.goto(`/account/trips/${id}`)
    await expect(page.getByTestId('trip-extras')).toContainText(`Seat ${code}`)
  })

  test('a family picks two paid seats together, a meal for one and 15 kg for another, and pays exactly that', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await createAccount(page.request, 'extras-family', 'Ananya Sharma')
    const res = await page.request.post('/api/v1/flights/tbo/search', {
      data: { origin: 'BOM', destination: 'DEL', departDate: indiaDay(10), adults: 2, children: 1, cabinClass: 2 },
    })
    expect(res.status(), await res.text()).toBe(200)
    const body = (await res.json()) as { data: { Response: { TraceId: string; Results: Fare[][] } } }
    const fare = await fareWithPaidSeatsTogether(page, body.data.Response.TraceId, body.data.Response.Results[0] ?? [])
    await openFare(page, body.data.Response.TraceId, fare)
    const fareTotal = paiseOf((await page.getByTestId('fare-price').textContent()) ?? '')

    // The lead comes from the account; the others are typed in.
    await page.getByRole('group', { name: 'Adult 1 (lead passenger)' }).getByLabel('Title').selectOption('Ms')
    const lead = page.getByRole('group', { name: 'Adult 1 (lead passenger)' })
    await lead.getByRole('textbox', { name: 'Date of birth', exact: true }).fill('12-04-1990')
    await lead.getByLabel('Mobile').fill('+919876543210')
    await lead.getByLabel('Address line 1').fill('12 MG Road')
    await fillTraveller(page, 'Adult 2', { title: 'Mr', first: 'Rohan', last: 'Sharma', dob: '03-02-1988' })
    await fillTraveller(page, 'Child 1', { title: 'Miss', first: 'Meera', last: 'Sharma', dob: '15-06-2018' })

    const step = page.getByRole('region', { name: 'Seats, meals and baggage' })
    await expect(step).toBeVisible({ timeout: 30_000 })
    const tab = (who: string) => step.getByRole('tab', { name: new RegExp(`^${who}`) })
    const grid = step.getByRole('grid').first()
    await expect(grid).toBeVisible()

    // The step's total after each pick: what that pick costs.
    const stepTotal = async (before: bigint) => {
      const total = step.getByTestId('extras-total')
      await expect.poll(async () => paiseOf((await total.textContent()) ?? '')).not.toBe(before)
      return paiseOf((await total.textContent()) ?? '')
    }

    // The two adults sit together, on paid seats; the lead has a meal.
    const [first, second] = await twoSeatsTogether(grid)
    const seatOf = (code: string) => grid.getByRole('button', { name: new RegExp(`^Seat ${code},`) })
    const firstPrice = spokenPaise((await seatOf(first).getAttribute('aria-label')) ?? '')
    await seatOf(first).tap()
    await expect(seatOf(first)).toHaveAttribute('aria-pressed', 'true')
    expect(await stepTotal(0n)).toBe(firstPrice)
    await step
      .getByRole('radio', { name: /rupees/ })
      .first()
      .check()
    const mealPrice = (await stepTotal(firstPrice)) - firstPrice

    // The second adult: the seat beside the lead's, and 15 kg more baggage.
    await tab('Adult 2').tap()
    await expect(tab('Adult 2')).toHaveAttribute('aria-selected', 'true')
    await expect(seatOf(first)).toHaveAttribute('aria-label', /chosen for Adult 1/)
    const secondPrice = spokenPaise((await seatOf(second).getAttribute('aria-label')) ?? '')
    await seatOf(second).tap()
    await expect(seatOf(second)).toHaveAttribute('aria-pressed', 'true')
    const seats = firstPrice + mealPrice + secondPrice
    expect(await stepTotal(firstPrice + mealPrice)).toBe(seats)
    await step.getByRole('radio', { name: /15 kg/ }).check()
    const bagPrice = (await stepTotal(seats)) - seats

    const extras = seats + bagPrice
    expect(firstPrice > 0n && secondPrice > 0n && mealPrice > 0n && bagPrice > 0n).toBe(true)
    await step.getByRole('button', { name: 'Continue' }).tap()
    await expect(page.getByTestId('extras-chosen')).toContainText(`Seat ${first}`)

    await page.getByRole('button', { name: 'Book', exact: true }).tap()
    await expect(page.getByText('Low-cost fares are booked when the ticket is issued.')).toBeVisible({
      timeout: 30_000,
    })
    // The price table adds each traveller's extras to the fare, to the paisa; the child's line has none.
    const table = page.getByTestId('payment-summary')
    const leadRow = table.getByRole('row', { name: /Seats, meals and baggage · Adult 1/ })
    const secondRow = table.getByRole('row', { name: /Seats, meals and baggage · Adult 2/ })
    // The amount as shown (its spoken words are beside it, hidden).
    const shown = async (row: Locator) =>
      paiseOf((await row.locator('[aria-hidden="true"]').last().textContent()) ?? '')
    expect(await shown(leadRow)).toBe(firstPrice + mealPrice)
    expect(await shown(secondRow)).toBe(secondPrice + bagPrice)
    await expect(table.getByRole('row', { name: /Seats, meals and baggage · Child 1/ })).toHaveCount(0)
    const total = paiseOf((await page.getByTestId('payment-total').textContent()) ?? '')
    expect(total).toBe(fareTotal + extras)
    const pay = page.getByRole('button', { name: /^Pay ₹/ })
    expect(paiseOf((await pay.textContent()) ?? '')).toBe(total)

    await openCheckout(page, pay)
    await payAtCheckout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket issued' })).toBeVisible({ timeout: 60_000 })

    // The gateway took exactly fare plus extras, and the supplier's ticket holds each passenger's items.
    const { items } = (await (await page.request.get('/api/v1/me/bookings')).json()) as { items: { _id: string }[] }
    const id = items[0]?._id ?? ''
    const one = (await (await page.request.get(`/api/v1/me/bookings/${id}`)).json()) as {
      booking: { paid: string; pnr: string }
    }
    expect(rupeesPaise(one.booking.paid)).toBe(total)
    const record = (await simBookings()).find((b) => b.pnr === one.booking.pnr)
    expect(record?.ticketed).toBe(true)
    const bought = (record?.passengers ?? []).map((p) =>
      p.items.map((i) => ({ kind: i.kind, code: i.kind === 'seat' ? i.code : '', paise: rupeesPaise(i.price) })),
    )
    expect(bought).toEqual([
      [
        { kind: 'seat', code: first, paise: firstPrice },
        { kind: 'meal', code: '', paise: mealPrice },
      ],
      [
        { kind: 'seat', code: second, paise: secondPrice },
        { kind: 'baggage', code: '', paise: bagPrice },
      ],
      [],
    ])
  })

  test('a seat whose price the airline raises at ticketing is paid for again by the difference, then issued', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await createAccount(page.request, 'extras-moved', 'Ananya Sharma')
    const { traceId, fares } = await searchFares(page.request, 'BOM', 'DEL')
    await openFare(
      page,
      traceId,
      pickFare(fares, (f) => f.IsLCC),
    )
    await fillPassenger(page)
    const step = page.getByRole('region', { name: 'Seats, meals and baggage' })
    const seat = step
      .getByRole('grid')
      .getByRole('button', { name: /^Seat \d+[A-F], .*rupees$/ })
      .first()
    await expect(seat).toBeVisible({ timeout: 30_000 })
    const code = /^Seat (\d+[A-F])/.exec((await seat.getAttribute('aria-label')) ?? '')?.[1] ?? ''
    const was = spokenPaise((await seat.getAttribute('aria-label')) ?? '')
    await seat.tap()
    await step.getByRole('button', { name: 'Continue' }).tap()
    await page.getByRole('button', { name: 'Book', exact: true }).tap()
    const pay = page.getByRole('button', { name: /^Pay ₹/ })
    await expect(pay).toBeVisible({ timeout: 30_000 })

    // The airline raises its seat prices between the payment and the ticket.
    await setSimFaults({ Ticket: { extrasPriceChange: 'true' } })
    try {
      await openCheckout(page, pay)
      await payAtCheckout(page)
      await expect(page.getByRole('heading', { level: 1, name: 'The price has changed' })).toBeVisible({
        timeout: 60_000,
      })
    } finally {
      await clearSimFaults()
    }
    const status = page.getByTestId('booking-status')
    await expect(status).toContainText('The airline changed the price of the seats, meals and baggage chosen from')
    const difference = page.getByRole('button', { name: /^Pay the difference of ₹/ })
    const owed = paiseOf((await difference.textContent()) ?? '')
    expect(owed).toBeGreaterThan(0n)

    await openCheckout(page, difference)
    await payAtCheckout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket issued' })).toBeVisible({ timeout: 60_000 })

    // The same seat, issued at its new price; the booking was paid that much more.
    const { items } = (await (await page.request.get('/api/v1/me/bookings')).json()) as { items: { _id: string }[] }
    const one = (await (await page.request.get(`/api/v1/me/bookings/${items[0]?._id ?? ''}`)).json()) as {
      booking: { pnr: string; extrasPrice: string }
    }
    expect(rupeesPaise(one.booking.extrasPrice)).toBe(was + owed)
    const record = (await simBookings()).find((b) => b.pnr === one.booking.pnr)
    expect(record?.passengers[0]?.items.map((i) => [i.code, rupeesPaise(i.price)])).toEqual([[code, was + owed]])
  })
})

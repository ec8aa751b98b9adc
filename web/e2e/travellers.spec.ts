import type { APIRequestContext, Locator, Page } from '@playwright/test'
import {
  clearSimDocuments,
  createAccount,
  expect,
  expectApiServer,
  indiaDay,
  PASSWORD,
  payByApi,
  setSimDocuments,
  test,
  uniqueEmail,
  waitForTicket,
} from './fixtures'

interface Fare {
  ResultIndex: string
  IsLCC: boolean
  IsPassportRequiredAtBook?: boolean
  IsPassportRequiredAtTicket?: boolean
  IsPanRequiredAtBook?: boolean
  IsPanRequiredAtTicket?: boolean
  IsGSTMandatory?: boolean
}

interface HeldPassenger {
  FirstName: string
  LastName: string
  PaxType: number
  IsLeadPax: boolean
  PAN?: string
  PassportNo?: string
  FFNumber?: string
  GSTNumber?: string
  GSTCompanyName?: string
  Ticket?: { TicketNumber: string } | null
}

/** Searches BOM → DEL through the API with the page's session for these travellers. */
async function search(request: APIRequestContext, adults: number, children: number, infants: number) {
  const res = await request.post('/api/v1/flights/tbo/search', {
    data: { origin: 'BOM', destination: 'DEL', departDate: indiaDay(12), adults, children, infants, cabinClass: 2 },
  })
  expect(res.status(), await res.text()).toBe(200)
  const body = (await res.json()) as { data: { Response: { TraceId: string; Results: Fare[][] } } }
  return { traceId: body.data.Response.TraceId, fares: body.data.Response.Results[0] ?? [] }
}

async function openFare(page: Page, traceId: string, fare: Fare | undefined) {
  expect(fare, 'the simulator offers such a fare').toBeDefined()
  const query = new URLSearchParams({ traceId, resultIndex: (fare as Fare).ResultIndex })
  await page.goto(`/flights/fare?${query.toString()}`)
  await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 20_000 })
}

/** The form of one traveller, by its heading ("Adult 2", "Child 1"). */
function traveller(page: Page, heading: string): Locator {
  return page.getByRole('group', { name: heading, exact: false })
}

async function typeTraveller(
  form: Locator,
  t: { title: string; first: string; last: string; dob: string; gender?: string },
) {
  await form.getByLabel('Title').selectOption(t.title)
  await form.getByLabel('First name').fill(t.first)
  await form.getByLabel('Last name').fill(t.last)
  await form.getByRole('textbox', { name: 'Date of birth', exact: true }).fill(t.dob)
  if (t.gender) await form.getByLabel('Gender').selectOption(t.gender)
}

/** The passengers the supplier holds for one of the user's bookings, read through the API. */
async function heldPassengers(request: APIRequestContext, bookingId: string): Promise<HeldPassenger[]> {
  const res = await request.post('/api/v1/flights/tbo/booking-details', { data: { bookingId: Number(bookingId) } })
  expect(res.status(), await res.text()).toBe(200)
  const body = (await res.json()) as { data: { Response: { FlightItinerary: { Passenger: HeldPassenger[] } } } }
  return body.data.Response.FlightItinerary.Passenger
}

/** The supplier's BookingId of the user's newest booking, once booked. */
async function bookingIdOf(page: Page): Promise<string> {
  await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
  const res = await page.request.get('/api/v1/me/bookings')
  expect(res.status()).toBe(200)
  const { items } = (await res.json()) as { items: { bookingId?: number }[] }
  expect(items[0]?.bookingId).toBeTruthy()
  return String(items[0]?.bookingId)
}

/** Dates of birth by age on the day of travel (12 days from today). */
function bornYearsBefore(years: number): string {
  const [y, m, d] = indiaDay(12).split('-')
  return `${d}-${m}-${Number(y) - years}`
}

test.describe('every traveller on the booking, against the API and the supplier simulator', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })
  test.afterEach(async () => {
    await clearSimDocuments()
  })

  test('a family of two adults, a child and an infant is booked and ticketed, filled from Me and a co-traveller', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await createAccount(page.request, 'family', 'Ravi Kumar')
    const profile = await page.request.put('/api/v1/me/profile', {
      data: { profile: { firstName: 'Ravi', lastName: 'Kumar', gender: 'male', dob: '1986-03-15' } },
    })
    expect(profile.status(), await profile.text()).toBe(200)
    const saved = await page.request.post('/api/v1/me/co-travellers', {
      data: { firstName: 'Meera', lastName: 'Kumar', relationship: 'Spouse', gender: 'female', dob: '1989-07-01' },
    })
    expect(saved.status(), await saved.text()).toBe(201)

    const { traceId, fares } = await search(page.request, 2, 1, 1)
    await openFare(
      page,
      traceId,
      fares.find((f) => !f.IsLCC && !f.IsPassportRequiredAtBook && !f.IsPassportRequiredAtTicket),
    )
    for (const heading of ['Adult 1 (lead passenger)', 'Adult 2', 'Child 1', 'Infant 1'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()

    const lead = traveller(page, 'Adult 1 (lead passenger)')
    await expect(lead.getByLabel('First name')).toHaveValue('Ravi')
    await lead.getByLabel('Mobile').fill('+919876543210')
    await lead.getByLabel('Address line 1').fill('12 MG Road')

    const spouse = traveller(page, 'Adult 2')
    await spouse.getByLabel('Fill from').selectOption({ label: 'Meera Kumar (Spouse)' })
    await expect(spouse.getByLabel('First name')).toHaveValue('Meera')
    // Someone already on the booking cannot be picked twice.
    await expect(traveller(page, 'Child 1').getByRole('option', { name: 'Meera Kumar (Spouse)' })).toBeDisabled()

    await typeTraveller(traveller(page, 'Child 1'), {
      title: 'Mstr',
      first: 'Kabir',
      last: 'Kumar',
      dob: bornYearsBefore(8),
      gender: '1',
    })
    await typeTraveller(traveller(page, 'Infant 1'), {
      title: 'Miss',
      first: 'Tara',
      last: 'Kumar',
      dob: bornYearsBefore(1),
      gender: '2',
    })

    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    const bookingId = await bookingIdOf(page)
    // Paid as the gateway's checkout would pay it: the server then issues the ticket.
    const mine = await page.request.get('/api/v1/me/bookings')
    const record = ((await mine.json()) as { items: { _id: string }[] }).items[0]?._id ?? ''
    await payByApi(page.request, record)
    await waitForTicket(page.request, record)

    const held = await heldPassengers(page.request, bookingId)
    expect(held.map((p) => [p.FirstName, p.LastName, p.PaxType, p.IsLeadPax])).toEqual([
      ['RAVI', 'KUMAR', 1, true],
      ['MEERA', 'KUMAR', 1, false],
      ['KABIR', 'KUMAR', 2, false],
      ['TARA', 'KUMAR', 3, false],
    ])
    for (const p of held) expect(p.Ticket?.TicketNumber).toBeTruthy()

    // The two typed by hand may be kept, never ticked for the traveller.
    const keep = page.getByRole('region', { name: 'Save to your co-travellers' })
    const kabir = keep.getByRole('checkbox', { name: /KABIR KUMAR|Kabir Kumar/ })
    await expect(kabir).not.toBeChecked()
    await expect(keep.getByRole('checkbox')).toHaveCount(2)
    await kabir.check({ force: true })
    await keep.getByRole('button', { name: 'Save' }).click()
    await expect(keep.getByRole('status')).toContainText('Saved')
    const list = await page.request.get('/api/v1/me/co-travellers')
    const { items } = (await list.json()) as { items: { firstName: string }[] }
    expect(items.map((c) => c.firstName.toUpperCase()).sort()).toEqual(['KABIR', 'MEERA'])
  })

  test('a fare that needs PAN and passports asks for them and books with them', async ({ page }) => {
    test.setTimeout(120_000)
    await setSimDocuments({ pan: 1, passport: 1 })
    await createAccount(page.request, 'documents', 'Ananya Sharma')
    const { traceId, fares } = await search(page.request, 1, 0, 0)
    const fare = fares.find((f) => !f.IsLCC)
    expect(fare?.IsPanRequiredAtBook || fare?.IsPanRequiredAtTicket).toBeTruthy()
    await openFare(page, traceId, fare)

    const lead = traveller(page, 'Adult 1 (lead passenger)')
    await typeTraveller(lead, { title: 'Ms', first: 'Ananya', last: 'Sharma', dob: '12-04-1990', gender: '2' })
    await lead.getByLabel('Mobile').fill('+919876543210')
    await lead.getByLabel('Address line 1').fill('12 MG Road')
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(lead.getByLabel('PAN')).toHaveAttribute('aria-invalid', 'true')

    await lead.getByLabel('PAN').fill('abcps1234k')
    await lead.getByLabel('Passport number').fill('z7654321')
    await lead.getByRole('textbox', { name: 'Passport expiry', exact: true }).fill('31-01-2033')
    await lead.getByLabel('Passport issuing country').fill('IN')
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    const held = await heldPassengers(page.request, await bookingIdOf(page))
    expect(held).toHaveLength(1)
    expect(held[0]?.PAN).toBe('ABCPS1234K')
    expect(held[0]?.PassportNo).toBe('Z7654321')
  })

  test("a MyBiz booking carries the company's GST details to the supplier", async ({ page }) => {
    test.setTimeout(120_000)
    await setSimDocuments({ gst: 1 })
    const res = await page.request.post('/api/auth/register', {
      data: { fullName: 'Anil Mehta', email: uniqueEmail('mybiz'), password: PASSWORD, accountType: 'biz' },
    })
    expect(res.status(), await res.text()).toBe(201)
    const company = await page.request.put('/api/v1/me/company', {
      data: {
        company: {
          legalName: 'Acme Travels Private Limited',
          gstin: '27AAPFU0939F1ZV',
          address: 'Nariman Point, Mumbai 400021',
          email: 'accounts@acme.example.in',
          phone: '+912240001234',
        },
      },
    })
    expect(company.status(), await company.text()).toBe(200)

    const { traceId, fares } = await search(page.request, 1, 0, 0)
    await openFare(
      page,
      traceId,
      fares.find((f) => !f.IsLCC && !f.IsPassportRequiredAtBook && !f.IsPassportRequiredAtTicket),
    )
    await expect(page.getByText('This fare needs GST details.')).toBeVisible()
    await expect(page.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZV')
    await expect(page.getByLabel('Company name')).toHaveValue('Acme Travels Private Limited')

    const lead = traveller(page, 'Adult 1 (lead passenger)')
    await typeTraveller(lead, { title: 'Mr', first: 'Anil', last: 'Mehta', dob: '05-10-1980', gender: '1' })
    await lead.getByLabel('Mobile').fill('+919812345678')
    await lead.getByLabel('Address line 1').fill('4 Marine Drive')
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByTestId('booking-pnr')).toHaveText(/^[A-Z0-9]{5,8}$/, { timeout: 30_000 })
    const held = await heldPassengers(page.request, await bookingIdOf(page))
    expect(held[0]?.GSTNumber).toBe('27AAPFU0939F1ZV')
    expect(held[0]?.GSTCompanyName).toBe('Acme Travels Private Limited')
  })
})

import type { APIRequestContext } from '@playwright/test'
import { createAccount, expect, expectApiServer, expectPath, indiaDay, payByApi, test, waitForTicket } from './fixtures'

interface Booked {
  id: string
  pnr: string
  bookingId: number
}

/**
 * Books a full-service (GDS) BOM→DEL fare through the API, as the fare page
 * would, and pays for it, as the gateway's checkout would: the server then
 * issues the ticket by itself.
 */
async function bookAndTicket(request: APIRequestContext): Promise<Booked> {
  const search = await request.post('/api/v1/flights/tbo/search', {
    data: { origin: 'BOM', destination: 'DEL', departDate: indiaDay(10), adults: 1, cabinClass: 2 },
  })
  expect(search.status(), await search.text()).toBe(200)
  const doc = (await search.json()) as {
    data: { Response: { TraceId: string; Results: { ResultIndex: string; IsLCC: boolean }[][] } }
  }
  const traceId = doc.data.Response.TraceId
  const gds = doc.data.Response.Results[0]?.find((r) => !r.IsLCC)
  expect(gds, 'a full-service fare on BOM→DEL').toBeDefined()
  const resultIndex = gds?.ResultIndex ?? ''

  const quote = await request.post('/api/v1/flights/tbo/fare-quote', { data: { traceId, resultIndex } })
  expect(quote.status(), await quote.text()).toBe(200)

  const book = await request.post('/api/v1/flights/tbo/book', {
    headers: { 'Idempotency-Key': `trips-book-${Date.now()}` },
    data: {
      traceId,
      resultIndex,
      isLCC: false,
      contact: { Email: 'ananya@example.in', Mobile: '9876543210' },
      address: { AddressLine1: '12 MG Road', City: 'Pune', CountryCode: 'IN' },
      passengers: [
        {
          Title: 'Ms',
          FirstName: 'Ananya',
          LastName: 'Sharma',
          PaxType: 1,
          DateOfBirth: '1990-03-14',
          Gender: 2,
          ContactNo: '9876543210',
          Email: 'ananya@example.in',
        },
      ],
    },
  })
  expect(book.status(), await book.text()).toBe(200)
  const booked = (await book.json()) as { booking: { _id: string; pnr: string; bookingId: number; status: string } }
  expect(booked.booking.status).toBe('booked')

  const back = await payByApi(request, booked.booking._id)
  expect(back).toMatch(new RegExp(`/flights/booking/${booked.booking._id}\\?payment=paid$`))
  await waitForTicket(request, booked.booking._id)
  return { id: booked.booking._id, pnr: booked.booking.pnr, bookingId: booked.booking.bookingId }
}

test.describe('My Trips against the API and the supplier simulator', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('a ticketed booking is listed, opens with its ticket numbers and refreshes', async ({ page }) => {
    test.setTimeout(90_000)
    await createAccount(page.request, 'trips')
    const booked = await bookAndTicket(page.request)

    await page.goto('/account/trips')
    await expect(page.getByRole('heading', { level: 1, name: 'My Trips' })).toBeVisible()
    const trip = page.getByTestId('trip')
    await expect(trip).toHaveCount(1)
    await expect(trip).toContainText('BOM → DEL')
    await expect(trip).toContainText(`PNR ${booked.pnr}`)
    await expect(trip).toContainText('Ticketed')
    await expect(trip).toContainText('₹')

    const detailsLoaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/flights/tbo/booking-details'))
    await trip.getByRole('link', { name: /^View booking BOM to DEL/ }).click()
    await expectPath(page, `/account/trips/${booked.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Booking BOM → DEL' })).toBeVisible()
    const record = page.getByTestId('booking-record')
    await expect(record).toContainText(booked.pnr)
    await expect(record).toContainText(String(booked.bookingId))
    expect((await detailsLoaded).status()).toBe(200)

    const passengers = page.getByTestId('trip-passenger')
    await expect(passengers).toHaveCount(1)
    await expect(passengers).toContainText('ANANYA SHARMA')
    await expect(passengers).toContainText(/Ticket number \d{6,}/)
    await expect(page.getByTestId('trip-segment').first()).toContainText(/BOM \d{2}:\d{2} →/)
    await expect(page.locator('main')).not.toContainText(/\bnull\b|\bundefined\b/)

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/flights/tbo/booking-details'))
    await page.getByRole('button', { name: 'Refresh booking details' }).click()
    expect((await refreshed).status()).toBe(200)
    await expect(passengers).toContainText(/Ticket number \d{6,}/)
    await expect(page.getByRole('alert')).toHaveCount(0)

    await page.getByRole('link', { name: 'Back to My Trips' }).click()
    await expectPath(page, '/account/trips')
  })

  test('another user’s booking is No such booking.', async ({ page, request }) => {
    test.setTimeout(90_000)
    // The owner books on the test's own request context, whose cookies are not the page's.
    await createAccount(request, 'trips-owner')
    const booked = await bookAndTicket(request)

    await createAccount(page.request, 'trips-stranger')
    await page.goto(`/account/trips/${booked.id}`)
    await expect(page.getByRole('alert')).toHaveText('No such booking.')
    await expect(page.getByText(booked.pnr)).toHaveCount(0)
    await page.getByRole('link', { name: 'Back to My Trips' }).click()
    await expectPath(page, '/account/trips')
    await expect(page.getByText('Your upcoming and past bookings will appear here.')).toBeVisible()
  })
})

import type { APIRequestContext } from '@playwright/test'
import {
  bookOneAdult,
  createAccount,
  expect,
  expectApiServer,
  expectPath,
  payByApi,
  test,
  waitForTicket,
} from './fixtures'

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
  const booking = await bookOneAdult(request, 'trips-book')
  expect(booking.status).toBe('booked')

  const back = await payByApi(request, booking._id)
  expect(back).toMatch(new RegExp(`/flights/booking/${booking._id}\\?payment=paid$`))
  await waitForTicket(request, booking._id)
  return { id: booking._id, pnr: booking.pnr, bookingId: booking.bookingId }
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

import { openCheckout, payAtCheckout } from './checkout'
import { createAccount, expect, expectApiServer, indiaDay, shownDay, simBookings, test } from './fixtures'

// The whole flight journey as a new traveller takes it, against the real API
// and the supplier simulator: search on the home page, narrow the results,
// choose, sign in when the fare page asks, book, pay on the gateway's checkout,
// get the ticket, and find the trip in My Trips.

test('home search → results → filter → choose → sign in → book → pay → ticket → My Trips', async ({ page }) => {
  test.setTimeout(180_000)
  await expectApiServer(page.request)
  // An account made beforehand; the journey signs in to it through the dialog, on its own context.
  const account = await createAccount(page.context().request, 'journey', 'Meera Iyer')
  await page.context().clearCookies()
  const heldBefore = (await simBookings()).length

  // Home: a round trip BOM → DEL.
  await page.goto('/')
  const from = page.getByRole('combobox', { name: 'From' })
  await from.fill('mum')
  await page.getByRole('option', { name: /Mumbai \(BOM\)/ }).click()
  const to = page.getByRole('combobox', { name: 'To' })
  await to.fill('del')
  await page.getByRole('option', { name: /Delhi \(DEL\)/ }).click()
  await page.getByLabel('Departure', { exact: true }).fill(shownDay(9))
  await page.getByLabel('Return', { exact: true }).fill(shownDay(12))
  await page.getByRole('button', { name: 'Search Flights' }).click()
  await expect(page).toHaveURL(
    `/flights?from=BOM&to=DEL&date=${indiaDay(9)}&return=${indiaDay(12)}&adults=1&children=0&infants=0&cabin=any&nonstop=false`,
  )

  // Results: a domestic round trip answers an outbound and a return list.
  await expect(page.getByTestId('search-banner')).toContainText(/Showing \d+ of \d+ results/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: /Departure BOM → DEL/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Return DEL → BOM/ })).toBeVisible()
  const outbound = page.getByTestId('flight-card').first()
  await expect(outbound).toBeVisible()

  // Non-stop only: every card shown is non-stop.
  await page.getByRole('radio', { name: 'Non-stop' }).first().check({ force: true })
  await expect
    .poll(async () => {
      const stops = await page.getByTestId('stops').allTextContents()
      return stops.length > 0 && stops.every((s) => s === 'Non-stop')
    })
    .toBe(true)

  // Choose the first outbound flight: the fare page asks a visitor to sign in.
  await page
    .getByRole('button', { name: /^Select / })
    .first()
    .click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/flights/fare')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue with Email' }).click()
  await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email)
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(dialog).toHaveCount(0)

  // The fare page, back where the traveller was, prefilled from the account.
  await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByLabel('First name')).toHaveValue('Meera')
  await expect(page.getByLabel('Last name')).toHaveValue('Iyer')
  await page.getByLabel('Title').selectOption('Ms')
  await page.getByRole('textbox', { name: 'Date of birth', exact: true }).fill('20-02-1988')
  await page.getByLabel('Gender').selectOption('2')
  await page.getByLabel('Mobile').fill('+919812345678')
  await page.getByLabel('Address line 1').fill('4 Marine Drive')
  await page.getByLabel('City').fill('Mumbai')

  // Book (a full-service fare holds its seats, a low-cost one is recorded), then pay: the server tickets.
  const book = page.getByRole('button', { name: 'Book', exact: true })
  await book.click()
  await expect(page.getByText('Booking record')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('pay-countdown')).toHaveText(/^Pay within 1[45]:\d\d$/)
  await openCheckout(page, page.getByRole('button', { name: /^Pay ₹/ }))
  await payAtCheckout(page, { method: 'UPI', outcome: 'Success' })
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket issued' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('Ticket issued successfully.')).toBeVisible()
  const pnr = ((await page.getByTestId('booking-summary').locator('dt:text-is("PNR") + dd').textContent()) ?? '').trim()
  expect(pnr).toMatch(/^[A-Z0-9]{5,8}$/)
  expect((await simBookings()).length).toBe(heldBefore + 1)

  // My Trips lists it; its page shows the airline's ticket.
  await page.goto('/account/trips')
  const trip = page.getByTestId('trip').filter({ hasText: pnr })
  await expect(trip).toHaveCount(1)
  await expect(trip).toContainText('BOM → DEL')
  await expect(trip).toContainText('Ticketed')
  await trip.getByRole('link', { name: /View booking/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: /BOM → DEL/ })).toBeVisible()
  await expect(page.getByText(pnr).first()).toBeVisible()
  await expect(page.locator('body')).not.toContainText('null')

  // And out again through the header's menu.
  await page.getByRole('banner').getByRole('button', { name: 'Hi, Meera' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
})

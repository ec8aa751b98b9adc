import { openCheckout, payAtCheckout } from './checkout'
import {
  createAccount,
  expect,
  expectApiServer,
  fillPassenger,
  openFare,
  pickFare,
  searchFares,
  test,
} from './fixtures'

/** Rupees as the page writes them ("₹1,23,456.50") back to paise. */
function paiseOf(text: string): bigint {
  const m = /₹([\d,]+)(?:\.(\d\d))?/.exec(text)
  expect(m, `an amount in ${text}`).not.toBeNull()
  return BigInt((m?.[1] ?? '0').replaceAll(',', '')) * 100n + BigInt(m?.[2] ?? '0')
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
})

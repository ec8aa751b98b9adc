import type { Page } from '@playwright/test'
import { CHECKOUT, openCheckout, payAtCheckout, RETURNED } from './checkout'
import {
  createAccount,
  expect,
  expectApiServer,
  fillPassenger,
  openFare,
  pickFare,
  plainGDS,
  searchFares,
  test,
  type Fare,
} from './fixtures'

// Paying for a booking against the real API, the supplier simulator and the
// payment gateway's simulator: Book on the fare page, pay on the gateway's
// hosted checkout (its selectors are in ./checkout.ts, in one place), come
// back to the booking's page and find the payment in My Payments.

/** A new traveller on the fare page of a BOM → DEL fare that `choose` picks, booked. */
async function bookFare(page: Page, tag: string, choose: (f: Fare) => boolean) {
  await createAccount(page.request, tag)
  const { traceId, fares } = await searchFares(page.request, 'BOM', 'DEL')
  await openFare(page, traceId, pickFare(fares, choose))
  await fillPassenger(page)
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  const payment = page.getByRole('region', { name: 'Payment' })
  await expect(payment).toBeVisible({ timeout: 30_000 })
  return payment
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay ₹[\d,.]+$/ })

async function expectTicketed(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket issued' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('booking-status')).toContainText('Ticket issued successfully.')
  await expect(page.getByTestId('booking-summary')).toContainText('BOM → DEL')
  await expect(page.getByTestId('booking-summary')).toContainText(/PNR\s*[A-Z0-9]{5,8}/)
}

test.describe('payment before the ticket, against the API and the gateway simulator', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('a full-service fare paid by UPI is ticketed, and the booking page says so', async ({ page }) => {
    test.setTimeout(150_000)
    const payment = await bookFare(page, 'pay-upi', plainGDS)
    await expect(payment.getByTestId('pay-countdown')).toHaveText(/^Pay within 1[45]:\d\d$/)
    const total = ((await payment.getByTestId('payment-total').textContent()) ?? '').trim()
    expect(total).toMatch(/^₹[\d,]+(\.\d\d)?$/)
    await expect(payButton(page)).toHaveText(`Pay ${total}`)

    await openCheckout(page, payButton(page))
    await payAtCheckout(page, { method: 'UPI', outcome: 'Success' })
    expect(new URL(page.url()).searchParams.get('payment')).toBe('paid')
    await expectTicketed(page)
    await expect(page.getByTestId('booking-summary')).toContainText(/Amount paid\s*₹[\d,]+/)
    await expect(page.getByRole('link', { name: 'My Trips' })).toHaveAttribute(
      'href',
      /^\/account\/trips\/[0-9a-f-]{36}$/,
    )
  })

  test('a failed payment says so and is retried until it goes through', async ({ page }) => {
    test.setTimeout(150_000)
    await bookFare(page, 'pay-retry', plainGDS)
    await openCheckout(page, payButton(page))
    await payAtCheckout(page, { method: 'UPI', outcome: 'Failure' })
    expect(new URL(page.url()).searchParams.get('payment')).toBe('failed')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible()
    const status = page.getByTestId('booking-status')
    await expect(status).toContainText(/^Your payment did not go through/)
    await expect(status).toContainText('No money was taken.')

    await openCheckout(page, page.getByRole('button', { name: 'Retry payment' }))
    await payAtCheckout(page, { method: 'UPI', outcome: 'Success' })
    expect(new URL(page.url()).searchParams.get('payment')).toBe('paid')
    await expectTicketed(page)
  })

  test('a low-cost fare paid by card is ticketed and listed in My Payments', async ({ page }) => {
    test.setTimeout(150_000)
    await bookFare(page, 'pay-card', (f) => f.IsLCC && !f.IsPassportRequiredAtBook && !f.IsPassportRequiredAtTicket)
    await openCheckout(page, payButton(page))
    await payAtCheckout(page, { method: 'Card', outcome: 'Success' })
    await expectTicketed(page)

    await page.getByRole('link', { name: 'My Payments' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My Payments' })).toBeVisible()
    const paid = page.getByTestId('payment')
    await expect(paid).toHaveCount(1)
    await expect(paid).toContainText('BOM → DEL')
    await expect(paid).toContainText('Card')
    await expect(paid).toContainText('Paid')
    await expect(paid).toContainText(/₹[\d,]+/)
    await expect(paid).toContainText(/Order order_\w+/)
    await expect(page.getByTestId('refund')).toHaveCount(0)
    await paid.getByRole('link', { name: /^View booking BOM to DEL/ }).click()
    await expect(page).toHaveURL(/\/flights\/booking\/[0-9a-f-]{36}$/)
    await expectTicketed(page)
  })

  test('leaving the checkout comes back to pay or cancel; a cancelled booking stays cancelled', async ({ page }) => {
    test.setTimeout(150_000)
    await bookFare(page, 'pay-leave', plainGDS)
    await openCheckout(page, payButton(page))
    await CHECKOUT.leave(page).click()
    await page.waitForURL(RETURNED)
    expect(new URL(page.url()).searchParams.get('payment')).toBe('cancelled')
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible()
    await expect(page.getByTestId('booking-status')).toContainText('You left the payment page before paying.')
    await expect(payButton(page)).toBeEnabled()

    // Without the gateway's word in the address, an unpaid booking can be cancelled.
    await page.goto(new URL(page.url()).pathname)
    await page.getByRole('button', { name: 'Cancel booking' }).click()
    await page.getByRole('button', { name: 'Yes, cancel booking' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeVisible()
    await expect(payButton(page)).toHaveCount(0)
  })
})

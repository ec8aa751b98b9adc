import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

// The payment gateway's hosted checkout as the journeys drive it: in a local
// run, the Razorpay simulator's page on a loopback port. Every selector of
// that page is here, by role and name, so that a change to the page is a
// change here only.
export const CHECKOUT = {
  /** Whose page this is: the simulator names itself in its header. */
  brand: (page: Page) =>
    page
      .getByRole('heading', { name: 'Razorpay (simulator)' })
      .or(page.getByText('Razorpay (simulator)', { exact: true }))
      .first(),
  method: (page: Page, name: PayMethod) => page.getByRole('radio', { name, exact: true }),
  /** "Pending" reads "Pending: the UPI app approves after …". */
  outcome: (page: Page, name: PayOutcome) => page.getByRole('radio', { name: new RegExp(`^${name}\\b`) }),
  /** "Pay ₹5,293.46". */
  pay: (page: Page) => page.getByRole('button', { name: /^Pay\b/ }),
  /** Back to the site without paying (the order's cancel_url). */
  leave: (page: Page) => page.getByRole('link', { name: /^Cancel/ }),
}

export type PayMethod = 'UPI' | 'Card' | 'Net banking' | 'Wallet'
export type PayOutcome = 'Success' | 'Failure' | 'Pending'

/** The booking page the gateway returns the traveller to, with what it said. */
export const RETURNED = /\/flights\/booking\/[0-9a-f-]{36}\?payment=(paid|failed|unverified|cancelled)$/

/**
 * Presses one of the site's pay buttons and waits for the gateway's page.
 * The order's return address must be this site's: a callback to another
 * origin (PUBLIC_URL not the journeys' base URL) would come back without
 * the session cookie.
 */
export async function openCheckout(page: Page, payButton: Locator) {
  const site = new URL(page.url()).origin
  // The form the browser posts to the gateway (the API's answer itself is gone once the page leaves).
  const posted = page.waitForRequest(
    (r) => r.method() === 'POST' && r.isNavigationRequest() && new URL(r.url()).origin !== site,
  )
  await payButton.click()
  const form = new URLSearchParams((await posted).postData() ?? '')
  expect(form.get('order_id'), 'the checkout form names its order').toMatch(/^order_\w+$/)
  expect(
    new URL(form.get('callback_url') ?? '').origin,
    "the gateway returns to the journeys' site (PUBLIC_URL is the base URL)",
  ).toBe(site)
  await expect(CHECKOUT.brand(page)).toBeVisible({ timeout: 20_000 })
}

/** On the gateway's page: chooses how to pay and how it goes, pays, and waits to be back on the booking page. */
export async function payAtCheckout(page: Page, how: { method?: PayMethod; outcome?: PayOutcome } = {}) {
  await CHECKOUT.method(page, how.method ?? 'UPI').check()
  await CHECKOUT.outcome(page, how.outcome ?? 'Success').check()
  await CHECKOUT.pay(page).click()
  await page.waitForURL(RETURNED, { timeout: 30_000 })
}

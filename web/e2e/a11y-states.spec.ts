import type { Locator, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { createAccount, expect, expectApiServer, fillPassenger, indiaDay, test } from './fixtures'

// The states a crawl of the site's links never reaches, each scanned with
// axe-core as site.spec.ts scans pages (WCAG 2.0/2.1/2.2 A and AA, no
// serious or critical finding; headings in order where a page is whole):
// the sign-in dialog on each step, forms showing their errors, empty and
// loading states, the flight results with their filters, the fare page with
// a real fare and its payment step, My Trips with and without a trip, and
// the header's menu on a phone. Every scan of a test runs even when an
// earlier one fails (soft assertions), so one run names every problem.

const header = (page: Page) => page.getByRole('banner')

// A dialog is scanned alone (the page behind it is inert, and site.spec.ts scans it), a form with
// its errors too: the scans are quicker, and a finding points at the state that has it.
const DIALOG = { include: '[role="dialog"]' }

/** The route searched: BOM → DEL ten days out, which the supplier simulator always has flights for. */
const RESULTS = `/flights?from=BOM&to=DEL&date=${indiaDay(10)}&adults=1&children=0&infants=0&cabin=any&nonstop=false`

async function openSignIn(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Sign in', exact: true }).click()
  const dialog = page.getByRole('dialog')
  // Its code loads on first use.
  await expect(dialog).toBeVisible({ timeout: 15_000 })
  return dialog
}

test.describe('accessibility of the states a crawl does not reach', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('the sign-in dialog on each of its steps, with its errors', async ({ page }) => {
    test.setTimeout(180_000)
    await page.goto('/')
    let dialog = await openSignIn(page)
    await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
    await expectAccessible(page, 'sign-in dialog: mobile number', DIALOG)

    // One-time codes are not sent yet: a valid number is answered with a notice, the OTP step's place.
    await dialog.getByLabel('Mobile Number').fill('9876543210')
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(dialog.getByText(/Mobile OTP login coming soon/)).toBeVisible()
    await expectAccessible(page, 'sign-in dialog: the one-time code notice', DIALOG)

    await dialog.getByRole('button', { name: 'Continue with Email' }).click()
    await expect(dialog.getByRole('heading', { name: 'Sign in with Email' })).toBeVisible()
    await expectAccessible(page, 'sign-in dialog: e-mail sign-in', DIALOG)
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'sign-in dialog: e-mail sign-in sent empty', DIALOG)

    await dialog.getByRole('button', { name: 'Create one' }).click()
    await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await expectAccessible(page, 'sign-in dialog: registration', DIALOG)
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('12')
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-address')
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('short')
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click()
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'sign-in dialog: registration with bad input', DIALOG)

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await header(page).getByRole('button', { name: 'Business' }).click()
    dialog = page.getByRole('dialog')
    await expect(dialog.getByTestId('account-type-locked')).toHaveText('MYBIZ ACCOUNT')
    await expectAccessible(page, 'sign-in dialog: MyBiz', DIALOG)
  })

  test('the enquiry, profile and co-traveller forms showing their errors', async ({ page }) => {
    test.setTimeout(180_000)
    await createAccount(page.request, 'a11y-forms', 'Kavya Nair')

    // Contact: Send waits for a name, an e-mail and a message; the server's refusal shows at its field.
    await page.goto('/contact')
    const contact = page.getByRole('form', { name: 'Send us a message' })
    await expect(contact.getByRole('button', { name: 'Send' })).toBeDisabled()
    await expectAccessible(page, 'contact form, empty', { include: 'form[aria-labelledby="contact-form-heading"]' })
    await contact.getByLabel('Phone (optional)').fill('12')
    await contact.getByLabel('Message').fill('Do you book group tours?')
    await contact.getByRole('button', { name: 'Send' }).click()
    await expect(contact.getByLabel('Phone (optional)')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'contact form with an error', {
      include: 'form[aria-labelledby="contact-form-heading"]',
    })

    await page.goto('/go/concierge')
    const concierge = page.getByRole('form', { name: 'Tell us about your trip' })
    await concierge.getByLabel('Name').fill('')
    await concierge.getByRole('button', { name: 'Send to a concierge' }).click()
    await expect(concierge.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'concierge form sent without a name', {
      include: 'form[aria-labelledby="concierge-form-heading"]',
    })

    await page.goto('/mice')
    const proposal = page.getByRole('form', { name: 'Request a Proposal' })
    await proposal.getByRole('button', { name: 'Send request' }).click()
    await expect(proposal.getByText('Please enter your company.')).toBeVisible()
    await expectAccessible(page, 'MICE proposal form sent empty', {
      include: 'form[aria-labelledby="proposal-heading"]',
    })

    await page.goto('/account/profile')
    const documents = page.getByRole('region', { name: 'Documents' })
    await documents.getByLabel('PAN').fill('ABC12')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(documents.getByLabel('PAN')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'profile with a PAN the server refuses', { include: 'main', headingOrder: true })

    await page.goto('/account/co-travellers')
    await page.getByRole('button', { name: '+ Add' }).click()
    const add = page.getByRole('dialog', { name: 'Add co-traveller' })
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add.getByText("Please enter the co-traveller's first name.").first()).toBeVisible()
    await expectAccessible(page, 'co-traveller dialog sent empty', DIALOG)
  })

  test('flight results: loading, with the filters beside the list on a desktop and in a sheet on a phone, and with no flight left', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    // The search held back: the page shows that it is loading.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/v1/flights/tbo/search', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(RESULTS)
    await expect(page.getByText('Loading…')).toBeVisible()
    await expectAccessible(page, 'flight results while loading', { headingOrder: true })
    release()

    const filters = page.getByRole('complementary', { name: 'Filter flights' })
    await expect(page.getByTestId('flight-card').first()).toBeVisible({ timeout: 30_000 })
    await expect(filters.getByRole('group', { name: 'Stops' })).toBeVisible()
    await expectAccessible(page, 'flight results with the filters', { headingOrder: true })

    // No flight is left under the filters: the page says what to do.
    await filters.getByLabel('Max').fill('1')
    await expect(page.getByText('No flights match these filters. Try clearing some filters.')).toBeVisible()
    await expectAccessible(page, 'flight results with no flight left', { headingOrder: true })
    await filters.getByRole('button', { name: 'Clear filters' }).click()

    // A phone: the list first, under a bar with the sort and a Filters button; the filters open in a sheet.
    await page.setViewportSize({ width: 375, height: 740 })
    await expect(filters).toHaveCount(0)
    const open = page.getByRole('button', { name: 'Filters', exact: true })
    await expect(open).toBeVisible()
    await expectAccessible(page, 'flight results on a phone', { headingOrder: true })
    await open.click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect(sheet.getByRole('group', { name: 'Stops' })).toBeVisible({ timeout: 15_000 })
    await expectAccessible(page, 'flight results on a phone with the filters open', DIALOG)
  })

  test('flight results when the supplier has no flight for the search', async ({ page }) => {
    test.setTimeout(60_000)
    // No airline ZZ flies BOM → DEL: the simulator answers that it found nothing.
    await page.goto(`${RESULTS}&airline=ZZ`)
    await expect(page.getByText(/No flights|Failed to load flights|No result/).first()).toBeVisible({ timeout: 30_000 })
    await expectAccessible(page, 'flight results with no flight', { headingOrder: true })
  })

  test('the fare page with a real fare, its errors and its payment step; My Trips empty and with the trip', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await createAccount(page.request, 'a11y-fare', 'Ananya Sharma')
    await page.goto('/account/trips')
    await expect(page.getByText('Your upcoming and past bookings will appear here.')).toBeVisible()
    await expectAccessible(page, 'My Trips with no trip', { headingOrder: true })

    // Search, choose the first flight, and land on its fare page.
    await page.goto(RESULTS)
    const card = page.getByTestId('flight-card').first()
    await expect(card).toBeVisible({ timeout: 30_000 })
    await card.getByRole('button', { name: /^Select / }).click()
    await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByLabel('First name')).toHaveValue('Ananya')
    await expectAccessible(page, 'fare page with a fare', { headingOrder: true })

    // Book with the traveller's details missing: each field says what it needs.
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'fare page with the traveller form showing errors', { headingOrder: true })

    await fillPassenger(page)
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible({ timeout: 30_000 })
    await expectAccessible(page, 'fare page at its payment step', { headingOrder: true })

    await page.goto('/account/trips')
    const trip = page.getByTestId('trip')
    await expect(trip).toHaveCount(1)
    await expectAccessible(page, 'My Trips with a trip', { headingOrder: true })
    await trip.getByRole('link', { name: /View booking/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: /BOM → DEL/ })).toBeVisible()
    await expectAccessible(page, 'a trip', { headingOrder: true })
  })

  test('the header menu open on a 375 px phone', async ({ page }) => {
    test.setTimeout(60_000)
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await header(page).getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expectAccessible(page, 'header menu on a phone', DIALOG)
  })
})

import type { Locator, Page } from '@playwright/test'
import { createAccount, expect, expectApiServer, indiaDay, shownDay, test } from './fixtures'

// Journeys taken with the keyboard alone, as a traveller who cannot use a
// pointer takes them: Tab, Shift+Tab, Enter, Space, Escape and the arrow
// keys, and typing. No click and no fill. Every stop of the way must show
// where the focus is, the airport suggestions follow the ARIA combobox
// pattern, dates are typed, and the sign-in dialog keeps the focus inside
// it while open and hands it back when closed.

/** What a focused element shows (or, for a native radio or checkbox, its label). */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { ok: false, what: 'nothing is focused' }
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}"`
    const shows = (e: Element) => {
      const s = getComputedStyle(e)
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
      const shadow = s.boxShadow !== 'none' && s.boxShadow !== ''
      return outline || shadow
    }
    // Chakra's controls draw the ring on a part marked data-focus-visible (a checkbox's box).
    const parts = [el, ...Array.from(el.closest('label')?.querySelectorAll('[data-focus-visible]') ?? [])]
    const rect = el.getBoundingClientRect()
    const seen = rect.width > 0 && rect.height > 0
    return { ok: seen && parts.some(shows), what: describe(el) }
  })
}

async function expectFocusShown(page: Page) {
  const { ok, what } = await focusIndicator(page)
  expect(ok, `a visible focus indicator on ${what}`).toBe(true)
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus
 * indicator at each stop; fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    await expectFocusShown(page)
  }
  await expect(target, `reached by ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused()
}

/** Moves a focused native select with the arrow keys until it shows `label`. */
async function chooseOption(page: Page, select: Locator, label: string) {
  await expect(select).toBeFocused()
  const count = await select.locator('option').count()
  for (let i = 0; i < count; i++) {
    const shown = await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')
    if (shown === label) return
    await page.keyboard.press('ArrowDown')
  }
  await expect(select.locator('option:checked')).toHaveText(label)
}

/** Chooses an airport in a suggestion combobox as the ARIA pattern has it, checking the pattern on the way. */
async function chooseAirport(page: Page, combobox: Locator, typed: string, option: RegExp) {
  await expect(combobox).toBeFocused()
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.type(typed)
  await expect(combobox).toHaveAttribute('aria-expanded', 'true')
  const listId = await combobox.getAttribute('aria-controls')
  expect(listId, 'aria-controls names the suggestions').toBeTruthy()
  const list = page.locator(`[id="${listId}"]`)
  await expect(list).toHaveAttribute('role', 'listbox')
  await expect(list.getByRole('option').first()).toBeVisible()
  // Typing leaves the focus in the input; no option is active yet.
  expect(await combobox.getAttribute('aria-activedescendant')).toBeNull()

  const active = async () => {
    const id = await combobox.getAttribute('aria-activedescendant')
    expect(id, 'an active option').toBeTruthy()
    const el = list.locator(`[id="${id}"]`)
    await expect(el).toHaveAttribute('role', 'option')
    await expect(el).toHaveAttribute('aria-selected', 'true')
    return el
  }
  await page.keyboard.press('ArrowDown')
  const first = await (await active()).getAttribute('id')
  if ((await list.getByRole('option').count()) > 1) {
    await page.keyboard.press('ArrowDown')
    expect(await (await active()).getAttribute('id')).not.toBe(first)
    await page.keyboard.press('ArrowUp')
    expect(await (await active()).getAttribute('id')).toBe(first)
  }
  // Escape closes the list and keeps what was typed; ArrowDown opens it again.
  await page.keyboard.press('Escape')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await expect(list).toBeHidden()
  await expect(combobox).toHaveValue(typed)
  await page.keyboard.press('ArrowDown')
  await expect(combobox).toHaveAttribute('aria-expanded', 'true')

  // Down to the wanted option, then Enter picks it.
  const wanted = list.getByRole('option', { name: option }).first()
  await expect(wanted).toBeVisible()
  const wantedId = await wanted.getAttribute('id')
  for (let i = 0; i < 10 && (await combobox.getAttribute('aria-activedescendant')) !== wantedId; i++) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(combobox).toHaveAttribute('aria-activedescendant', wantedId ?? '')
  await page.keyboard.press('Enter')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await expect(combobox).toHaveValue(option)
  await expect(combobox).toBeFocused()
}

test.describe('keyboard only', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('home search → results → choose a flight → fare page → traveller details → Book → payment step', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await createAccount(page.request, 'keys-fare', 'Ananya Sharma')
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const form = page.getByRole('form', { name: 'Search flights' })

    // The first tab stop skips to the page's content.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    await expectFocusShown(page)

    // One way: the trip types are a radio group, moved through with the arrows.
    const roundTrip = form.getByRole('radio', { name: 'Round trip' })
    await tabTo(page, roundTrip)
    await page.keyboard.press('ArrowRight')
    await expect(form.getByRole('radio', { name: 'One way' })).toBeChecked()
    await expectFocusShown(page)
    await expect(form.getByLabel('Return', { exact: true })).toHaveCount(0)

    const from = form.getByRole('combobox', { name: 'From' })
    await tabTo(page, from)
    await chooseAirport(page, from, 'mum', /^Mumbai \(BOM\)/)
    const to = form.getByRole('combobox', { name: 'To' })
    await tabTo(page, to)
    await chooseAirport(page, to, 'del', /^Delhi \(DEL\)/)

    // The date is typed as it is shown.
    const departure = form.getByRole('textbox', { name: 'Departure', exact: true })
    await tabTo(page, departure)
    await page.keyboard.type(shownDay(10))
    await expect(departure).toHaveValue(shownDay(10))

    await tabTo(page, form.getByRole('button', { name: 'Search Flights' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/flights\\?from=BOM&to=DEL&date=${indiaDay(10)}&`))

    // Results: to the first flight's Select and Enter.
    await expect(page.getByTestId('flight-card').first()).toBeVisible({ timeout: 30_000 })
    const select = page
      .getByTestId('flight-card')
      .first()
      .getByRole('button', { name: /^Select / })
    await tabTo(page, select, { max: 150 })
    await page.keyboard.press('Enter')

    // The fare page, filled from the account; the rest typed and chosen with the keyboard.
    await expect(page.getByTestId('fare-price')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByLabel('First name')).toHaveValue('Ananya')
    const title = page.getByLabel('Title')
    await tabTo(page, title)
    await chooseOption(page, title, 'Ms')
    await expect(page.getByLabel('Gender')).toHaveValue('2')
    const dob = page.getByRole('textbox', { name: 'Date of birth', exact: true })
    await tabTo(page, dob)
    await page.keyboard.type('12-04-1990')
    const mobile = page.getByLabel('Mobile')
    await tabTo(page, mobile)
    await page.keyboard.type('+919876543210')
    const address = page.getByLabel('Address line 1')
    await tabTo(page, address)
    await page.keyboard.type('12 MG Road')

    const book = page.getByRole('button', { name: 'Book', exact: true })
    await tabTo(page, book)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible({ timeout: 30_000 })
    const pay = page.getByRole('button', { name: /^Pay ₹/ })
    await tabTo(page, pay)
    await expect(pay).toBeEnabled()
  })

  test('the sign-in dialog: opened with Enter, focus kept inside, closed with Escape, then signed in by e-mail', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    // An account made on another context: the page itself starts signed out.
    const account = await createAccount(request, 'keys-signin')
    await page.goto('/')
    const opener = page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true })
    await tabTo(page, opener)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    // Its code loads on first use.
    await expect(dialog).toBeVisible({ timeout: 15_000 })
    const inDialog = () => dialog.evaluate((d) => d.contains(document.activeElement))
    await expect.poll(inDialog, { message: 'the dialog takes the focus' }).toBe(true)

    // Tab goes round the dialog's controls and comes back to the first: the page behind is out of reach.
    await page.keyboard.press('Tab')
    const first = await page.evaluateHandle(() => document.activeElement)
    let wrapped = false
    for (let i = 0; i < 40 && !wrapped; i++) {
      await page.keyboard.press('Tab')
      expect(await inDialog(), 'Tab stays in the dialog').toBe(true)
      await expectFocusShown(page)
      wrapped = await page.evaluate((el) => el === document.activeElement, first)
    }
    expect(wrapped, 'Tab from the last control returns to the first').toBe(true)
    await page.keyboard.press('Shift+Tab')
    expect(await inDialog(), 'Shift+Tab from the first control stays in the dialog').toBe(true)

    // Escape closes it and the focus is back on the button that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(opener).toBeFocused()
    await expectFocusShown(page)

    // Again, this time to sign in by e-mail.
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await tabTo(page, dialog.getByRole('button', { name: 'Continue with Email' }))
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Sign in with Email' })).toBeVisible()
    await expect.poll(inDialog, { message: 'the focus stays in the dialog when its step changes' }).toBe(true)
    const email = dialog.getByRole('textbox', { name: 'Email' })
    await tabTo(page, email)
    await page.keyboard.type(account.email)
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused()
    await expectFocusShown(page)
    await page.keyboard.type(account.password)
    await page.keyboard.press('Enter')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Hi, Ananya' })).toBeVisible()
  })

  test('the profile is edited and saved with the keyboard', async ({ page }) => {
    test.setTimeout(90_000)
    await createAccount(page.request, 'keys-profile')
    await page.goto('/account/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    const nationality = page.getByLabel('Nationality')
    await tabTo(page, nationality, { max: 120 })
    await page.keyboard.type('Indian')
    const gender = page.getByLabel('Gender')
    await tabTo(page, gender, { back: true, max: 40 })
    await chooseOption(page, gender, 'Female')
    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), { max: 120 })
    await page.keyboard.press('Enter')
    await expect(page.getByText('Your Profile has been updated.')).toBeVisible()
    // The page reloads with what was saved.
    await expect(page.getByLabel('Nationality')).toHaveValue('Indian', { timeout: 15_000 })
    const res = await page.request.get('/api/v1/me/profile')
    expect(res.status()).toBe(200)
    expect(JSON.stringify(await res.json())).toContain('"Indian"')
  })
})

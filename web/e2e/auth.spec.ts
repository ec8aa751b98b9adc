import type { Locator, Page } from '@playwright/test'
import { createAccount, expect, expectApiServer, expectPath, PASSWORD, pathOf, test, uniqueEmail } from './fixtures'

const INCORRECT = 'Incorrect e-mail or password.'
const EMAIL_TAKEN = 'An account with this e-mail already exists. Please sign in instead.'
const GOOGLE_UNAVAILABLE = 'Google sign-in is not available right now. Please sign in with your e-mail.'

const header = (page: Page) => page.getByRole('banner')
const signInButton = (page: Page) => header(page).getByRole('button', { name: 'Sign in', exact: true })
const greeting = (page: Page, name: string) => header(page).getByRole('button', { name: `Hi, ${name}` })

async function openEmailLogin(page: Page): Promise<Locator> {
  await signInButton(page).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with Email' }).click()
  await expect(dialog.getByRole('heading', { name: 'Sign in with Email' })).toBeVisible()
  return dialog
}

async function fillLogin(scope: Locator, email: string, password: string) {
  await scope.getByRole('textbox', { name: 'Email' }).fill(email)
  await scope.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await scope.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function fillRegistration(scope: Locator, fields: { fullName: string; email: string; phone?: string }) {
  await scope.getByRole('textbox', { name: 'Full name' }).fill(fields.fullName)
  if (fields.phone !== undefined) await scope.getByRole('textbox', { name: 'Phone' }).fill(fields.phone)
  await scope.getByRole('textbox', { name: 'Email' }).fill(fields.email)
  await scope.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await scope.getByRole('button', { name: 'Create account', exact: true }).click()
}

async function sessionUser(page: Page) {
  const res = await page.request.get('/api/auth/me')
  return {
    status: res.status(),
    user: res.ok() ? ((await res.json()) as { user: Record<string, unknown> }).user : null,
  }
}

test.describe('sign-in dialog', () => {
  test('validates the mobile number per country code', async ({ page }) => {
    await page.goto('/')
    await signInButton(page).click()
    const dialog = page.getByRole('dialog')
    const code = dialog.getByLabel('Country code')
    const mobile = dialog.getByLabel('Mobile Number')
    const next = dialog.getByRole('button', { name: 'Continue', exact: true })
    const invalid = dialog.getByText('Please enter a valid Mobile Number.')

    const cases: ReadonlyArray<[code: string, number: string, valid: boolean]> = [
      ['+91', '987654321', false],
      ['+91', '9876543210', true],
      ['+91', '98765432101', false],
      ['+971', '50123456', false],
      ['+971', '501234567', true],
      ['+971', '5012345678', true],
      ['+971', '50123456789', false],
      ['+1', '415555012', false],
      ['+1', '(415) 555-0123', true],
      ['+1', '41555501234', false],
    ]
    for (const [country, number, valid] of cases) {
      await code.selectOption(country)
      await mobile.fill(number)
      if (valid) {
        await expect(invalid, `${country} ${number}`).toBeHidden()
        await expect(next).toBeEnabled()
      } else {
        await expect(invalid, `${country} ${number}`).toBeVisible()
        await expect(next).toBeDisabled()
      }
    }
    await mobile.fill('')
    await expect(invalid).toBeHidden()
    await expect(next).toBeDisabled()
  })
})

test.describe('accounts against the API', () => {
  test.beforeEach(async ({ request }) => {
    await expectApiServer(request)
  })

  test('register in the dialog, greeted by first name, still signed in after reload, logout via the menu', async ({
    page,
  }) => {
    const email = uniqueEmail('register')
    await page.goto('/offers')
    const dialog = await openEmailLogin(page)
    await dialog.getByRole('button', { name: 'Create one' }).click()
    await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('placeholder', '+91XXXXXXXXXX')
    await fillRegistration(dialog, { fullName: '  Meera Iyer  ', email: `  ${email} `, phone: ' +91 98765 43210 ' })

    await expect(dialog).toBeHidden()
    await expectPath(page, '/offers')
    await expect(greeting(page, 'Meera')).toBeVisible()
    await expect(signInButton(page)).toHaveCount(0)
    const { user } = await sessionUser(page)
    expect(user).toMatchObject({ fullName: 'Meera Iyer', email, phone: '+91 98765 43210', accountType: 'personal' })

    await page.reload()
    await expect(greeting(page, 'Meera')).toBeVisible()

    await greeting(page, 'Meera').click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expectPath(page, '/')
    await expect(signInButton(page)).toBeVisible()
    await expect(greeting(page, 'Meera')).toHaveCount(0)
    expect((await sessionUser(page)).status).toBe(401)
  })

  test('a wrong password shows the server’s message in the dialog', async ({ page, request }) => {
    const account = await createAccount(request, 'wrongpw')
    await page.goto('/')
    const dialog = await openEmailLogin(page)
    await fillLogin(dialog, account.email, 'not-the-password')
    await expect(dialog.getByRole('alert')).toHaveText(INCORRECT)
    await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()

    await fillLogin(dialog, account.email, account.password)
    await expect(dialog).toBeHidden()
    await expect(greeting(page, 'Ananya')).toBeVisible()
  })

  test('registering an e-mail that already has an account shows the server’s message', async ({ page, request }) => {
    const account = await createAccount(request, 'taken')
    await page.goto('/')
    const dialog = await openEmailLogin(page)
    await dialog.getByRole('button', { name: 'Create one' }).click()
    await fillRegistration(dialog, { fullName: 'Someone Else', email: account.email })
    await expect(dialog.getByRole('alert')).toHaveText(EMAIL_TAKEN)
    await expect(dialog.getByRole('button', { name: 'Create account', exact: true })).toBeEnabled()
    expect((await sessionUser(page)).status).toBe(401)
  })

  test('a protected page asks to sign in, then renders in place', async ({ page, request }) => {
    const account = await createAccount(request, 'protected', 'Kabir Mehta')
    await page.goto('/account/profile')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByLabel('Mobile Number')).toBeVisible()
    await expect(page.locator('main h1')).toHaveCount(0)

    await dialog.getByRole('button', { name: 'Continue with Email' }).click()
    await fillLogin(dialog, account.email, account.password)
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await expectPath(page, '/account/profile')
    await expect(greeting(page, 'Kabir')).toBeVisible()
  })

  test("'Business' registers a MyBiz account", async ({ page }) => {
    const email = uniqueEmail('biz')
    await page.goto('/')
    await header(page).getByRole('button', { name: 'Business' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('MYBIZ ACCOUNT', { exact: true })).toBeVisible()
    await expect(dialog.getByRole('tab')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Continue with Email' }).click()
    await dialog.getByRole('button', { name: 'Create one' }).click()
    await fillRegistration(dialog, { fullName: 'Rohan Kapoor', email })
    await expect(dialog).toBeHidden()
    await expect(greeting(page, 'Rohan')).toBeVisible()
    const { user } = await sessionUser(page)
    expect(user).toMatchObject({ email, accountType: 'biz' })
  })

  test('/auth/login?ret=/contact signs in and lands on /contact, replacing the login page in history', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'ret')
    await page.goto('/offers')
    await page.goto('/auth/login?ret=/contact')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(main.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email')
    const password = main.getByRole('textbox', { name: 'Password', exact: true })
    await password.fill('peekaboo')
    await main.getByRole('button', { name: 'Show password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await main.getByRole('button', { name: 'Hide password' }).click()
    await expect(password).toHaveAttribute('type', 'password')

    await fillLogin(main, account.email, account.password)
    await expectPath(page, '/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
    await page.goBack()
    await expectPath(page, '/offers')
  })

  test('/auth/login?ret=//evil.example lands on the home page', async ({ page, request }) => {
    const account = await createAccount(request, 'evil')
    await page.goto('/auth/login?ret=//evil.example')
    await fillLogin(page.getByRole('main'), account.email, account.password)
    await expectPath(page, '/')
    expect(new URL(page.url()).host).toBe(new URL(process.env.E2E_BASE_URL ?? page.url()).host)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Paryatan' })).toBeVisible()
  })

  test('/auth/register creates an account and returns to ret; the server’s field message shows', async ({ page }) => {
    await page.goto('/auth/login?ret=%2Fholidays')
    await page.getByRole('main').getByRole('link', { name: 'Create one' }).click()
    await expectPath(page, '/auth/register?ret=%2Fholidays')
    const main = page.getByRole('main')
    await fillRegistration(main, { fullName: 'Devika Rao', email: uniqueEmail('page'), phone: '12ab' })
    await expect(main.getByRole('alert')).toHaveText('Please enter a valid phone number.')
    await main.getByRole('textbox', { name: 'Phone' }).fill('')
    await main.getByRole('button', { name: 'Create account', exact: true }).click()
    await expectPath(page, '/holidays')
    await expect(greeting(page, 'Devika')).toBeVisible()
    const { user } = await sessionUser(page)
    expect(user).not.toHaveProperty('phone')
  })

  test('Google sign-in on a local run comes back to the login page with the reason', async ({ page }) => {
    await page.goto('/offers')
    await signInButton(page).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click()
    await expect.poll(() => pathOf(page.url())).toMatch(/^\/auth\/login\?/)
    const params = new URL(page.url()).searchParams
    expect(params.get('ret')).toBe('/offers')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(GOOGLE_UNAVAILABLE)
  })

  test('the user menu opens the account pages and closes on Escape and outside click', async ({ page, request }) => {
    const account = await createAccount(request, 'menu', 'Ishaan Verma')
    await page.goto('/auth/login')
    await fillLogin(page.getByRole('main'), account.email, account.password)
    const trigger = greeting(page, 'Ishaan')
    const menu = page.getByRole('menu')

    await trigger.click()
    await expect(menu).toBeVisible()
    const links: ReadonlyArray<[label: string, href: string]> = [
      ['My Profile', '/account/profile'],
      ['My Trips', '/account/trips'],
      ['My Wallet', '/account/wallet'],
      ['My Payments', '/account/payments'],
      ['My Wishlist', '/account/wishlist'],
    ]
    for (const [label, href] of links) {
      await expect(menu.getByRole('menuitem', { name: label })).toHaveAttribute('href', href)
    }
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await trigger.click()
    await expect(menu).toBeVisible()
    // The menu starts watching for outside clicks a frame after it shows;
    // on a busy machine the first click can come before that.
    await expect(async () => {
      await page.mouse.click(640, 600)
      await expect(menu).toBeHidden({ timeout: 1000 })
    }).toPass({ timeout: 7000 })

    await trigger.click()
    await menu.getByRole('menuitem', { name: 'My Trips' }).click()
    await expect(menu).toBeHidden()
    await expectPath(page, '/account/trips')
    await expect(page.getByRole('heading', { level: 1, name: 'My Trips' })).toBeVisible()
  })

  test('/account/logout logs a signed-in user out', async ({ page, request }) => {
    const account = await createAccount(request, 'logoutpage', 'Tara Singh')
    await page.goto('/auth/login?ret=/account/logout')
    await fillLogin(page.getByRole('main'), account.email, account.password)
    await expectPath(page, '/account/logout')
    await expect(page.getByText('You have been logged out.')).toBeVisible()
    await expect(signInButton(page)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect((await sessionUser(page)).status).toBe(401)
  })
})

import type { Page } from '@playwright/test'
import { createAccount, expect, expectApiServer, test } from './fixtures'

const partnerFrame = (page: Page) => page.frameLocator('iframe[title="Paryatan Visa"]')

test.describe('visa through the partner site', () => {
  test('a visitor signs in in the dialog while the page waits, then the partner greets them', async ({ page }) => {
    await expectApiServer(page.request)
    // The account exists, but this browser is signed out of it.
    const account = await createAccount(page.request, 'visa-wait', 'Meera Pillai')
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true)

    await page.goto('/go/visa')
    await expect(page.locator('main').getByText('Opening sign-in…')).toBeAttached()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue with Email' }).click()
    await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email)
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()

    await expect(partnerFrame(page).getByRole('heading', { level: 1, name: 'Paryatan Visa' })).toBeVisible()
    await expect(partnerFrame(page).getByText('Welcome, Meera Pillai')).toBeVisible()
  })

  test('a signed-in traveller goes straight through, and can open the partner in a new tab', async ({ page }) => {
    await expectApiServer(page.request)
    await createAccount(page.request, 'visa-direct', 'Kabir Menon')
    await page.goto('/go-for-visa?country=ae')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(partnerFrame(page).getByText('Welcome, Kabir Menon')).toBeVisible()
    const src = await page.locator('iframe[title="Paryatan Visa"]').getAttribute('src')
    expect(new URL(src ?? '').searchParams.get('ret')).toBe('/go-for-visa?country=ae')

    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Open in a new tab' }).click(),
    ])
    await expect(tab.getByText('Welcome, Kabir Menon')).toBeVisible()
    expect(new URL(tab.url()).pathname).toBe('/go-for-visa')
  })

  test('a ticket works once: the partner refuses it the second time', async ({ page, request }) => {
    await expectApiServer(request)
    await createAccount(request, 'visa-once')
    const res = await request.post('/api/v1/sso/ticket', { data: { aud: 'visa', return: '/go-for-visa' } })
    expect(res.status()).toBe(200)
    const { redirectUrl } = (await res.json()) as { redirectUrl: string }
    const ticket = new URL(redirectUrl).searchParams.get('ticket')!
    await page.goto('/support')
    const partner = await page.evaluate(() => {
      const meta = document.querySelector('meta[name="paryatan-config"]')?.getAttribute('content')
      const fromGlobal = (window as { __PARYATAN_CONFIG__?: { visaPartnerOrigin?: string } }).__PARYATAN_CONFIG__
      return (
        fromGlobal?.visaPartnerOrigin ??
        (meta ? (JSON.parse(meta) as { visaPartnerOrigin: string }).visaPartnerOrigin : '')
      )
    })
    const consume = `${partner}/sso/consume?ticket=${encodeURIComponent(ticket)}&ret=%2Fgo-for-visa`
    await page.goto(consume)
    await expect(page.getByText(/^Welcome, /)).toBeVisible()
    const again = await page.goto(consume)
    expect(again?.status()).toBe(401)
    await expect(page.getByText(/expired or was already used/)).toBeVisible()
  })
})

import { createAccount, expect, expectApiServer, test } from './fixtures'

// On a local run nothing is mailed: the outbox is read at /dev/mail, where a
// developer opens the verification link as a user would from their inbox.
test('local mode: the verification e-mail is read at /dev/mail and its link verifies the address', async ({ page }) => {
  await expectApiServer(page.request)
  const account = await createAccount(page.request, 'devmail')
  const started = await page.request.post('/api/v1/auth/email/verify/start')
  expect(started.ok(), await started.text()).toBe(true)

  await page.goto('/dev/mail')
  await expect(page.getByRole('heading', { level: 1, name: 'Newest messages' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: account.email })
  await row.getByRole('link', { name: 'Verify your e-mail address' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' })).toBeVisible()
  await expect(page.locator('iframe[title="HTML part"]')).toHaveAttribute('sandbox', /allow-popups/)

  const href = await page
    .getByRole('link', { name: /\/api\/auth\/email\/verify\?token=/ })
    .first()
    .getAttribute('href')
  const link = new URL(href ?? '')
  await page.goto(link.pathname + link.search)
  await expect.poll(() => new URL(page.url()).pathname).toBe('/account/profile')
  const me = await page.request.get('/api/auth/me')
  expect(((await me.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true)
})

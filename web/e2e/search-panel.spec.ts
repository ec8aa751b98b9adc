import { expect, indiaDay, shownDay, test } from './fixtures'

test('a round trip searched from the home page opens /flights with the query of spec 2.4', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('tab', { name: 'Flights' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('radio', { name: 'Round trip' })).toBeChecked()

  const from = page.getByRole('combobox', { name: 'From' })
  await from.fill('mum')
  await expect(from).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('option', { name: /Mumbai \(BOM\)/ }).click()
  await expect(from).toHaveValue('Mumbai (BOM)')

  const to = page.getByRole('combobox', { name: 'To' })
  await to.fill('delh')
  await expect(page.getByRole('option', { name: /Delhi \(DEL\)/ })).toBeVisible()
  await to.press('ArrowDown')
  await to.press('Enter')
  await expect(to).toHaveValue('Delhi (DEL)')

  await page.getByLabel('Departure', { exact: true }).fill(shownDay(7))
  await page.getByLabel('Return', { exact: true }).fill(shownDay(10))
  await page.getByRole('button', { name: 'Add adult' }).click()
  await page.getByRole('button', { name: 'Add child' }).click()

  await page.getByRole('button', { name: 'More options' }).click()
  await page.getByLabel('Cabin').selectOption('business')
  await page.getByText('Non-stop only').click()
  await expect(page.getByRole('button', { name: 'Less options' })).toBeVisible()

  await page.getByRole('button', { name: 'Search Flights' }).click()
  await expect(page).toHaveURL(
    `/flights?from=BOM&to=DEL&date=${indiaDay(7)}&return=${indiaDay(10)}&adults=2&children=1&infants=0&cabin=business&nonstop=true`,
  )
})

test('a multi-city search sends only the filled leg fields', async ({ page }) => {
  await page.goto('/')
  await page.getByText('Multi-city', { exact: true }).click()
  await expect(page.getByRole('button', { name: 'More options' })).toHaveCount(0)

  const first = page.getByRole('group', { name: 'Flight 1' })
  const second = page.getByRole('group', { name: 'Flight 2' })
  await expect(page.getByRole('group', { name: 'Flight 3' })).toBeVisible()

  await first.getByRole('combobox', { name: 'From' }).fill('BOM')
  await first.getByRole('combobox', { name: 'To' }).fill('del')
  await first.getByLabel('Date', { exact: true }).fill(shownDay(3))
  await second.getByRole('combobox', { name: 'From' }).fill('Delhi (DEL)')
  await second.getByRole('combobox', { name: 'To' }).fill('goa')
  await second.getByRole('option', { name: /Goa \(GOI\)/ }).click()
  await second.getByLabel('Date', { exact: true }).fill(shownDay(6))
  await page.getByRole('button', { name: 'Add infant' }).click()

  await page.getByRole('button', { name: 'Search Flights' }).click()
  await expect(page).toHaveURL(
    `/flights?type=multi&adults=1&children=0&infants=1&cabin=any&nonstop=false&from1=BOM&to1=DEL&date1=${indiaDay(3)}&from2=DEL&to2=GOI&date2=${indiaDay(6)}`,
  )
})

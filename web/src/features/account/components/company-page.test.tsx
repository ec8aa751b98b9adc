import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, type RequestHandler } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import type { Company } from '../types'
import { toCompanyForm } from '../utils/company-fields'
import { COMPANY_LEAD, COMPANY_SAVED, CompanyPage, MYBIZ_NEEDED } from './company-page'

const acme: Company = {
  legalName: 'Acme Travels Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: '4th Floor, Nariman Point, Mumbai 400021',
  email: 'accounts@acme.in',
  phone: '+912212345678',
}

function setup(business: boolean, ...handlers: RequestHandler[]) {
  server.use(...handlers)
  const calls = recordCalls()
  renderRoutes({ routes: [{ path: '/', element: <CompanyPage business={business} /> }] })
  return { calls }
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`))

describe('CompanyPage', () => {
  it('says what the details are for and fills the form with the saved company', async () => {
    setup(
      true,
      api.company(() => HttpResponse.json({ company: acme })),
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Company & GST' })).toBeInTheDocument()
    expect(screen.getByText(COMPANY_LEAD)).toBeInTheDocument()
    expect(await screen.findByDisplayValue('Acme Travels Private Limited')).toBe(field('Legal name'))
    expect(field('GSTIN')).toHaveValue('27AAPFU0939F1ZV')
    expect(field('Registered address')).toHaveValue(acme.address)
    expect(field('Billing e-mail')).toHaveValue('accounts@acme.in')
    expect(field('Phone')).toHaveValue('+912212345678')
  })

  it("checks the GSTIN's check character when the field is left, upper-casing what is typed", async () => {
    setup(
      true,
      api.company(() => HttpResponse.json({ company: toCompanyForm(null) })),
    )
    const gstin = await screen.findByLabelText(/^GSTIN/)
    await userEvent.type(gstin, '27aapfu0939f1za')
    expect(gstin).toHaveValue('27AAPFU0939F1ZA')
    await userEvent.tab()
    expect(await screen.findByText(/last character does not check out/)).toBeInTheDocument()
    expect(gstin).toHaveAttribute('aria-invalid', 'true')

    await userEvent.clear(gstin)
    await userEvent.type(gstin, '27AAPFU0939F1ZV')
    await waitFor(() => expect(gstin).not.toHaveAttribute('aria-invalid'))
    expect(screen.queryByText(/last character does not check out/)).not.toBeInTheDocument()
  })

  it('sends nothing while a field breaks its rule, and names each on Save', async () => {
    const { calls } = setup(
      true,
      api.company(() => HttpResponse.json({ company: toCompanyForm(null) })),
    )
    await userEvent.type(await screen.findByLabelText(/^Billing e-mail/), 'accounts@')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText("Please enter the company's GSTIN.")).toBeInTheDocument()
    expect(screen.getByText("Please enter the company's legal name.")).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('saves the company, the address as one line, and says so', async () => {
    let stored = toCompanyForm(null)
    const { calls } = setup(
      true,
      api.company(() => HttpResponse.json({ company: stored })),
      api.saveCompany(async ({ request }) => {
        stored = (await request.json()).company
        return HttpResponse.json({ company: stored })
      }),
    )
    await userEvent.type(await screen.findByLabelText(/^Legal name/), acme.legalName)
    await userEvent.type(field('GSTIN'), ' 27aapfu0939f1zv ')
    await userEvent.type(field('Registered address'), '4th Floor, Nariman Point,{Enter}Mumbai 400021')
    await userEvent.type(field('Billing e-mail'), acme.email)
    await userEvent.type(field('Phone'), acme.phone)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByRole('status')).toHaveTextContent(COMPANY_SAVED)
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ company: acme })
    expect(field('Registered address')).toHaveValue(acme.address)
  })

  it('shows the state of saving on the button', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    setup(
      true,
      api.company(() => HttpResponse.json({ company: acme })),
      api.saveCompany(async () => {
        await held
        return HttpResponse.json({ company: acme })
      }),
    )
    await screen.findByDisplayValue(acme.legalName)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const button = await screen.findByRole('button', { name: /Saving/ })
    expect(button).toBeDisabled()
    release()
    expect(await screen.findByRole('status')).toHaveTextContent(COMPANY_SAVED)
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('shows the field the API refuses on that input', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    setup(
      true,
      api.company(() => HttpResponse.json({ company: acme })),
      api.saveCompany(() =>
        errorReply(400, {
          error: 'invalid_field',
          field: 'company.phone',
          message: 'Please enter a valid phone number.',
        }),
      ),
    )
    await screen.findByDisplayValue(acme.legalName)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument()
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Phone')).toHaveFocus()
    expect(field('GSTIN')).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('tells a personal account that MyBiz is needed, without asking the API', async () => {
    const { calls } = setup(false)
    expect(await screen.findByText(MYBIZ_NEEDED)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/v1/me/company')).toHaveLength(0)
  })

  it('says the same when the API answers that the account is not a MyBiz one', async () => {
    setup(
      true,
      api.company(() => errorReply(403, { error: 'not_business', message: 'Company details are for MyBiz accounts.' })),
    )
    expect(await screen.findByText(/Sign in with your company's MyBiz account/)).toBeInTheDocument()
    expect(screen.getByText(MYBIZ_NEEDED)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, type RequestHandler } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { api, errorReply, noContent } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import type { CoTraveller } from '../types'
import { toCoTravellerForm } from '../utils/co-traveller-fields'
import { CoTravellersPage } from './co-travellers-page'

const ID = '5f0c2b8e-6f4d-4c1e-9a7b-2d3e4f5a6b7c'

const priya: CoTraveller = {
  ...toCoTravellerForm(null),
  _id: ID,
  firstName: 'Priya',
  lastName: 'Sharma',
  relationship: 'Sister',
  dob: '1994-07-21',
}

function setup(...handlers: RequestHandler[]) {
  server.use(...handlers)
  const calls = recordCalls()
  renderRoutes({ routes: [{ path: '/', element: <CoTravellersPage /> }] })
  return { calls }
}

/** The server's answer for an id that is not one of the user's co-travellers. */
const notFound = () => errorReply(404, { error: 'not_found', message: 'Not found.' })

const listLoads = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/me/co-travellers').length

describe('CoTravellersPage', () => {
  it("says 'No co-travellers yet.' when there are none", async () => {
    setup(api.coTravellers(() => HttpResponse.json({ items: [] })))
    expect(await screen.findByText('No co-travellers yet.')).toBeInTheDocument()
  })

  it('lists each name with the relationship, else the gender', async () => {
    setup(
      api.coTravellers(() =>
        HttpResponse.json({
          items: [priya, { ...priya, _id: 'b', firstName: 'Kabir', lastName: '', relationship: '', gender: 'male' }],
        }),
      ),
    )
    const rows = await screen.findAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Priya Sharma')
    expect(rows[0]).toHaveTextContent('Sister')
    expect(rows[1]).toHaveTextContent('Kabir')
    expect(rows[1]).toHaveTextContent('Male')
  })

  it("'+ Add' creates one without an _id (POST), closes the form and reloads the list", async () => {
    let items: CoTraveller[] = []
    const { calls } = setup(
      api.coTravellers(() => HttpResponse.json({ items })),
      api.createCoTraveller(async ({ request }) => {
        const saved: CoTraveller = { ...(await request.json()), _id: ID }
        items = [saved]
        return HttpResponse.json(saved, { status: 201 })
      }),
    )
    await screen.findByText('No co-travellers yet.')
    await userEvent.click(screen.getByRole('button', { name: '+ Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add co-traveller' })
    for (const label of [
      'First name',
      'Last name',
      'Relationship',
      'Gender',
      'Date of birth',
      'Nationality',
      'Meal preference',
      'Train berth preference',
      'Passport number',
      'Passport expiry',
      'Passport issuing country',
      'Phone',
      'Email',
      'Frequent flyer airline',
      'Frequent flyer number',
    ]) {
      expect(within(dialog).getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument()
    }
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Meera')
    await userEvent.selectOptions(within(dialog).getByLabelText('Meal preference'), 'Jain vegetarian')
    await userEvent.type(within(dialog).getByLabelText('Frequent flyer number'), 'AI123456')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Meera')).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.body).not.toHaveProperty('_id')
    expect(post?.body).toMatchObject({
      firstName: 'Meera',
      mealPreference: 'Jain vegetarian',
      frequentFlyer: { airline: '', number: 'AI123456' },
      passport: { number: '', expiry: '', issuingCountry: '' },
    })
    expect(listLoads(calls)).toBe(2)
  })

  it('Edit updates the one with that _id (PUT), then closes and reloads', async () => {
    let items = [priya]
    const { calls } = setup(
      api.coTravellers(() => HttpResponse.json({ items })),
      api.updateCoTraveller(async ({ params, request }) => {
        if (params.id !== ID) return notFound()
        const saved: CoTraveller = { ...(await request.json()), _id: ID }
        items = [saved]
        return HttpResponse.json(saved)
      }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Priya Sharma' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit co-traveller' })
    expect(within(dialog).getByLabelText('Date of birth')).toHaveValue('1994-07-21')
    const relationship = within(dialog).getByLabelText('Relationship')
    await userEvent.clear(relationship)
    await userEvent.type(relationship, 'Cousin')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Cousin')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toMatchObject({ firstName: 'Priya', relationship: 'Cousin' })
    expect(put?.body).not.toHaveProperty('_id')
    expect(listLoads(calls)).toBe(2)
  })

  it('offers the special meals and No preference, and keeps a meal preference saved in other words', async () => {
    const { calls } = setup(
      api.coTravellers(() => HttpResponse.json({ items: [{ ...priya, mealPreference: 'No onion, no garlic' }] })),
      api.updateCoTraveller(async ({ request }) => HttpResponse.json({ ...(await request.json()), _id: ID })),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Priya Sharma' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit co-traveller' })
    const meal = within(dialog).getByLabelText('Meal preference')
    expect(meal).toHaveValue('No onion, no garlic')
    const options = within(meal)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options.slice(0, 2)).toEqual(['No preference', 'No onion, no garlic'])
    expect(options).toContain('Jain vegetarian')
    expect(options).toContain('Muslim (halal)')

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ mealPreference: 'No onion, no garlic' })
  })

  it('saves No preference as an empty meal preference', async () => {
    const { calls } = setup(
      api.coTravellers(() => HttpResponse.json({ items: [{ ...priya, mealPreference: 'Kosher' }] })),
      api.updateCoTraveller(async ({ request }) => HttpResponse.json({ ...(await request.json()), _id: ID })),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Priya Sharma' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit co-traveller' })
    const meal = within(dialog).getByLabelText('Meal preference')
    expect(meal).toHaveValue('Kosher')
    expect(within(meal).getAllByRole('option')).toHaveLength(15)
    await userEvent.selectOptions(meal, 'No preference')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ mealPreference: '' })
  })

  it("shows 'Save failed' and keeps the form open when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    setup(
      api.coTravellers(() => HttpResponse.json({ items: [] })),
      api.createCoTraveller(() =>
        errorReply(400, {
          error: 'invalid_field',
          field: 'firstName',
          message: "Please enter the co-traveller's first name.",
        }),
      ),
    )
    await userEvent.click(await screen.findByRole('button', { name: '+ Add' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add co-traveller' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Save failed')
    expect(within(dialog).getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('dialog', { name: 'Add co-traveller' })).toBeInTheDocument()
  })

  it("Delete asks 'Remove this co-traveller?' and removes only when confirmed", async () => {
    let items = [priya]
    const { calls } = setup(
      api.coTravellers(() => HttpResponse.json({ items })),
      api.deleteCoTraveller(({ params }) => {
        if (params.id !== ID) return notFound()
        items = []
        return noContent()
      }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Priya Sharma' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove this co-traveller?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)

    await userEvent.click(screen.getByRole('button', { name: 'Delete Priya Sharma' }))
    confirm = await screen.findByRole('alertdialog', { name: 'Remove this co-traveller?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('No co-travellers yet.')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
  })
})

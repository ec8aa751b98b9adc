import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, type RequestHandler } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadPage } from '@/lib/reload-page'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderRoutes } from '@/testing/test-utils'
import type { ProfileCompletion } from '@/testing/wire'
import type { Profile } from '../types'
import { toProfileForm } from '../utils/profile-fields'
import { ProfilePage } from './profile-page'

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }))

const stored: Profile = {
  ...toProfileForm(null),
  firstName: 'Ananya',
  lastName: 'Sharma',
  gender: 'female',
  dob: '1991-03-09T00:00:00Z',
  passport: { number: 'Z1234567', expiry: '2031-01-31T00:00:00.000Z', issuingCountry: 'India' },
}

const completion: ProfileCompletion = { score: 25, band: 'good', breakdown: [], nextStep: null }

function setup(handlers: RequestHandler[] = [], path = '/account/profile') {
  server.use(
    api.profile(() => HttpResponse.json({ profile: stored })),
    api.profileCompletion(() => HttpResponse.json(completion)),
  )
  if (handlers.length > 0) server.use(...handlers)
  const calls = recordCalls()
  const utils = renderRoutes({
    routes: [{ path: '/account/profile', element: <ProfilePage onOpenOtp={() => {}} /> }],
    initialEntries: [path],
  })
  return { ...utils, calls }
}

async function form() {
  return screen.findByRole('form', { name: 'Profile' })
}

beforeEach(() => {
  vi.mocked(reloadPage).mockReset()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('ProfilePage', () => {
  it('has the five sections with their anchors, dates trimmed to YYYY-MM-DD', async () => {
    const { calls } = setup()
    const profileForm = await form()
    for (const [id, title] of [
      ['general', 'General Information'],
      ['address', 'Address'],
      ['documents', 'Documents'],
      ['emergency', 'Emergency Contact'],
      ['preferences', 'Preferences'],
    ]) {
      const section = within(profileForm).getByRole('region', { name: title })
      expect(section).toHaveAttribute('id', id)
    }
    expect(screen.getByLabelText('First and middle name')).toHaveValue('Ananya')
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1991-03-09')
    expect(screen.getByLabelText('Passport expiry')).toHaveValue('2031-01-31')
    expect(screen.getByLabelText('Gender')).toHaveValue('female')
    expect(
      within(screen.getByLabelText('Domestic trip protection plan'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', 'None', 'Basic', 'Plus', 'Premium'])
    expect(
      within(screen.getByLabelText('International travel insurance plan'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', 'None', 'Basic', 'Gold', 'Platinum'])
    const url = String(calls.find((c) => c.url.startsWith('/api/v1/me/profile?'))?.url)
    expect(url).toMatch(/^\/api\/v1\/me\/profile\?ts=\d+$/)
  })

  it("saves the whole profile: 'Saving your profile…', 'Your Profile has been updated.', then a reload after 900 ms", async () => {
    const answer = deferred<void>()
    const { calls } = setup([
      api.updateProfile(async ({ request }) => {
        const { profile } = await request.json()
        await answer.promise
        return HttpResponse.json({ profile })
      }),
    ])
    await form()
    await userEvent.type(screen.getByLabelText('City'), 'Pune')
    await userEvent.selectOptions(screen.getByLabelText('Domestic trip protection plan'), 'Plus')
    // The saving dialog's code is fetched once a field is edited; let it arrive before time stands still.
    await import('./profile-save-dialog')

    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Saving your profile…')
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toEqual({
      profile: {
        ...stored,
        dob: '1991-03-09',
        passport: { ...stored.passport, expiry: '2031-01-31' },
        city: 'Pune',
        preferences: { domesticTripProtection: 'Plus', internationalTravelInsurance: '' },
      },
    })

    answer.resolve()
    for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Your Profile has been updated.')
    await act(() => vi.advanceTimersByTimeAsync(899))
    expect(reloadPage).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })

  it("shows a rejected field's message next to it, logs it, and does not reload", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    setup([
      api.updateProfile(() =>
        errorReply(400, {
          error: 'invalid_field',
          field: 'passport.expiry',
          message: 'Passport expiry must be a real date written YYYY-MM-DD.',
        }),
      ),
    ])
    await form()
    const expiry = screen.getByLabelText('Passport expiry')
    await userEvent.clear(expiry)
    await userEvent.type(expiry, '31-01-2031')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    const documents = screen.getByRole('region', { name: 'Documents' })
    expect(await within(documents).findByText('Passport expiry must be a real date written YYYY-MM-DD.')).toBeVisible()
    expect(expiry).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(logged).toHaveBeenCalled()
    expect(reloadPage).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it.each([
    ['1', 'Your e-mail address is verified.'],
    ['0', 'This verification link is invalid or has expired.'],
  ])('tells the outcome of the verification link (emailVerified=%s) and drops it from the address', async (v, text) => {
    const { router } = setup([], `/account/profile?emailVerified=${v}`)
    expect(await screen.findByText(text)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('scrolls to the section named by the hash once the form is there', async () => {
    const scrolled: string[] = []
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id)
    })
    setup([], '/account/profile#documents')
    await form()
    await waitFor(() => expect(scrolled).toContain('documents'))
  })
})

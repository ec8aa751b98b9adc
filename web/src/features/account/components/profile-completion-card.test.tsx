import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, type RequestHandler } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster'
import { api, errorReply, noContent } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import type { CompletionItem, NextStep, ProfileCompletion } from '../types'
import { ProfileCompletionCard } from './profile-completion-card'

function item(key: CompletionItem['key'], weight: number, completed = false): CompletionItem {
  return { key, label: `Label ${key}`, weight, completed }
}

function step(overrides: Partial<NextStep> = {}): NextStep {
  return {
    key: 'passport',
    label: 'Add your passport',
    reason: 'International bookings need a valid passport; we check its expiry for you.',
    ctaText: 'Add passport',
    target: '/account/profile#documents',
    ...overrides,
  }
}

function completion(overrides: Partial<ProfileCompletion> = {}): ProfileCompletion {
  return { score: 40, band: 'good', breakdown: [item('passport', 10)], nextStep: step(), ...overrides }
}

interface Setup {
  handlers?: RequestHandler[]
  toaster?: boolean
  path?: string
}

function setup({ handlers = [], toaster = true, path = '/account/profile' }: Setup = {}) {
  const onOpenOtp = vi.fn()
  if (handlers.length > 0) server.use(...handlers)
  const calls = recordCalls()
  const card = (
    <>
      <ProfileCompletionCard onOpenOtp={onOpenOtp} />
      {toaster ? <Toaster /> : null}
    </>
  )
  const utils = renderRoutes({
    routes: [
      { path: '/account/profile', element: card },
      { path: '/account/co-travellers', element: <h1>Co-Travellers page</h1> },
    ],
    initialEntries: [path],
  })
  return { ...utils, calls, onOpenOtp }
}

const nextStepBox = () => screen.findByTestId('next-step')

afterEach(() => {
  vi.useRealTimers()
})

describe('ProfileCompletionCard', () => {
  it.each([
    ['start', 10, "Let's get you set up."],
    ['good', 30, 'Great start—verify contacts next.'],
    ['half', 55, 'Halfway there—add key details to unlock faster checkout.'],
    ['almost', 90, 'Almost done—just a couple more steps.'],
  ] as const)('shows the %s band message with the percentage', async (band, score, message) => {
    setup({ handlers: [api.profileCompletion(() => HttpResponse.json(completion({ band, score })))] })
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Profile completion' })).toBeInTheDocument()
    expect(screen.getByTestId('completion-score')).toHaveTextContent(`${score}%`)
    expect(screen.queryByText('All set—your profile is complete.')).not.toBeInTheDocument()
  })

  it('says so when the profile is complete, without a next step or a list', async () => {
    const breakdown = [item('name', 15, true), item('pan', 5, true)]
    setup({
      handlers: [
        api.profileCompletion(() => HttpResponse.json({ score: 100, band: 'complete', breakdown, nextStep: null })),
      ],
    })
    expect(await screen.findByText('Fantastic—100% complete.')).toBeInTheDocument()
    expect(screen.getByText('All set—your profile is complete.')).toBeInTheDocument()
    expect(screen.queryByTestId('next-step')).not.toBeInTheDocument()
    expect(screen.queryByText("What's left")).not.toBeInTheDocument()
  })

  it("lists at most five open steps under 'What's left', heaviest first, with their points", async () => {
    const breakdown = [
      item('emailVerified', 15, true),
      item('nationality', 5),
      item('name', 15),
      item('address', 5),
      item('mobileVerified', 10),
      item('coTraveller', 10, true),
      item('pan', 5),
      item('passport', 10),
      item('preferences', 5),
    ]
    setup({ handlers: [api.profileCompletion(() => HttpResponse.json(completion({ breakdown })))] })
    const list = await screen.findByTestId('whats-left')
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(rows).toEqual([
      'Label name+15',
      'Label mobileVerified+10',
      'Label passport+10',
      'Label nationality+5',
      'Label address+5',
    ])
  })

  it('shows the next step and navigates to a path target', async () => {
    const { router } = setup({
      handlers: [
        api.profileCompletion(() =>
          HttpResponse.json(
            completion({
              nextStep: step({
                key: 'coTraveller',
                label: 'Add a co-traveller',
                reason: 'Book for family and colleagues in one step.',
                ctaText: 'Add co-traveller',
                target: '/account/co-travellers',
              }),
            }),
          ),
        ),
      ],
    })
    const box = await nextStepBox()
    expect(within(box).getByText('Add a co-traveller')).toBeInTheDocument()
    expect(within(box).getByText('Book for family and colleagues in one step.')).toBeInTheDocument()
    await userEvent.click(within(box).getByRole('button', { name: 'Add co-traveller' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/co-travellers'))
  })

  it('navigates to a section of the profile page', async () => {
    const { router } = setup({ handlers: [api.profileCompletion(() => HttpResponse.json(completion()))] })
    await userEvent.click(within(await nextStepBox()).getByRole('button', { name: 'Add passport' }))
    await waitFor(() => expect(router.state.location.hash).toBe('#documents'))
    expect(router.state.location.pathname).toBe('/account/profile')
  })

  it("'action:openOtp' opens the mobile OTP dialog", async () => {
    const { onOpenOtp } = setup({
      handlers: [
        api.profileCompletion(() =>
          HttpResponse.json(
            completion({
              nextStep: step({ key: 'mobileVerified', ctaText: 'Verify mobile', target: 'action:openOtp' }),
            }),
          ),
        ),
      ],
    })
    await userEvent.click(within(await nextStepBox()).getByRole('button', { name: 'Verify mobile' }))
    expect(onOpenOtp).toHaveBeenCalledTimes(1)
  })

  describe("'action:sendEmailVerification'", () => {
    const verifyStep = api.profileCompletion(() =>
      HttpResponse.json(
        completion({
          nextStep: step({
            key: 'emailVerified',
            ctaText: 'Send verification email',
            target: 'action:sendEmailVerification',
          }),
        }),
      ),
    )

    it("toasts 'Verification email sent.' after the v1 call", async () => {
      const { calls } = setup({
        handlers: [verifyStep, api.startEmailVerification(() => HttpResponse.json({ ok: true }, { status: 202 }))],
      })
      await userEvent.click(within(await nextStepBox()).getByRole('button', { name: 'Send verification email' }))
      expect(await screen.findByText('Verification email sent.')).toBeInTheDocument()
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/v1/auth/email/verify/start'])
    })

    it('falls back to the older path when the v1 call fails', async () => {
      const { calls } = setup({
        handlers: [
          verifyStep,
          api.startEmailVerification(() => errorReply(500, { error: 'internal' })),
          api.startEmailVerificationFallback(() => HttpResponse.json({ ok: true }, { status: 202 })),
        ],
      })
      await userEvent.click(within(await nextStepBox()).getByRole('button', { name: 'Send verification email' }))
      expect(await screen.findByText('Verification email sent.')).toBeInTheDocument()
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/v1/auth/email/verify/start',
        '/api/auth/email/verify/start',
      ])
    })

    it("toasts 'Could not send verification email.' when both paths fail", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
      setup({
        handlers: [
          verifyStep,
          api.startEmailVerification(() => errorReply(500, { error: 'x' })),
          api.startEmailVerificationFallback(() => errorReply(500, { error: 'x' })),
        ],
      })
      await userEvent.click(within(await nextStepBox()).getByRole('button', { name: 'Send verification email' }))
      expect(await screen.findByText('Could not send verification email.')).toBeInTheDocument()
      expect(alert).not.toHaveBeenCalled()
    })

    it('alerts 50 ms after a failure when there is no toast area', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
      const { calls } = setup({
        toaster: false,
        handlers: [
          verifyStep,
          api.startEmailVerification(() => errorReply(500, { error: 'x' })),
          api.startEmailVerificationFallback(() => errorReply(409, { error: 'x' })),
        ],
      })
      const button = within(await nextStepBox()).getByRole('button', { name: 'Send verification email' })
      vi.useFakeTimers()
      fireEvent.click(button)
      // Let both calls finish and the failure be handled, without the clock moving.
      for (let i = 0; i < 20 && calls.filter((c) => c.method === 'POST').length < 2; i += 1) {
        await act(() => vi.advanceTimersByTimeAsync(0))
      }
      for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0))
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2)
      await act(() => vi.advanceTimersByTimeAsync(49))
      expect(alert).not.toHaveBeenCalled()
      await act(() => vi.advanceTimersByTimeAsync(1))
      expect(alert).toHaveBeenCalledWith('Could not send verification email. Please try again.')
      expect(screen.queryByText('Could not send verification email.')).not.toBeInTheDocument()
    })
  })

  it("'I'll do this later' snoozes the step, then reloads the progress", async () => {
    let snoozed = false
    const { calls } = setup({
      handlers: [
        api.profileCompletion(() =>
          HttpResponse.json(
            snoozed
              ? completion({
                  nextStep: step({
                    key: 'emergencyContact',
                    label: 'Add an emergency contact',
                    ctaText: 'Add contact',
                  }),
                })
              : completion(),
          ),
        ),
        api.snoozeProfileStep(() => {
          snoozed = true
          return noContent()
        }),
      ],
    })
    const box = await nextStepBox()
    expect(within(box).getByText('Add your passport')).toBeInTheDocument()
    await userEvent.click(within(box).getByRole('button', { name: "I'll do this later" }))
    expect(await screen.findByText('Add an emergency contact')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ key: 'passport' })
    const loads = calls.filter((c) => c.path === '/api/v1/me/profile-completion')
    expect(loads).toHaveLength(2)
  })

  it('asks for the progress with a ts timestamp', async () => {
    const { calls } = setup({ handlers: [api.profileCompletion(() => HttpResponse.json(completion()))] })
    await nextStepBox()
    const url = String(calls.find((c) => c.url.includes('profile-completion'))?.url)
    expect(url).toMatch(/^\/api\/v1\/me\/profile-completion\?ts=\d+$/)
  })

  it("says 'Couldn't load your progress.' with the server's message when loading fails", async () => {
    setup({
      handlers: [
        api.profileCompletion(() =>
          errorReply(500, { error: 'internal', message: 'Something went wrong on our side.' }),
        ),
      ],
    })
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveTextContent("Couldn't load your progress.")
    expect(alert).toHaveTextContent('Something went wrong on our side.')
  })

  it("falls back to 'Something went wrong.' when the failure says nothing", async () => {
    setup({ handlers: [api.profileCompletion(() => new HttpResponse(null, { status: 502 }))] })
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveTextContent("Couldn't load your progress.")
    expect(alert).toHaveTextContent('Something went wrong.')
  })
})

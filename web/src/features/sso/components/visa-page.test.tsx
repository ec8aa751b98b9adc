import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { VISA_LOGIN_POLL_MS, VISA_LOGIN_POLL_TRIES } from '@/config/constants'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import { VisaPage } from './visa-page'

const PARTNER = 'https://visa.example.in'
const RETURN = '/go-for-visa?country=ae'

let ticketNo = 0
function profileAnswers(answers: Array<'in' | 'out'>) {
  let i = 0
  server.use(
    http.get('/api/v1/me/profile', () => {
      const a = answers[Math.min(i++, answers.length - 1)]
      return a === 'in'
        ? HttpResponse.json({ profile: {} })
        : HttpResponse.json({ error: 'unauthorized', message: 'Sign in first.' }, { status: 401 })
    }),
  )
}
function ticketAnswers(status = 200) {
  server.use(
    http.post('/api/v1/sso/ticket', () => {
      if (status !== 200) return HttpResponse.json({ error: 'x', message: 'x' }, { status })
      ticketNo += 1
      return HttpResponse.json({
        redirectUrl: `http://localhost/sso/consume?ticket=T${ticketNo}&ret=${encodeURIComponent(RETURN)}`,
      })
    }),
  )
}

function renderVisa(openSignIn = vi.fn()) {
  renderRoutes({
    routes: [{ path: '/', element: <VisaPage returnPath={RETURN} partnerOrigin={PARTNER} openSignIn={openSignIn} /> }],
  })
  return openSignIn
}

const frame = () => screen.findByTitle('Paryatan Visa')

describe('VisaPage', () => {
  it('takes a signed-in traveller straight to the partner, signed in with a ticket', async () => {
    profileAnswers(['in'])
    ticketAnswers()
    const calls = recordCalls()
    const openSignIn = renderVisa()
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…')
    const iframe = await frame()
    expect(iframe.getAttribute('src')).toBe(
      `${PARTNER}/sso/consume?ticket=T${ticketNo}&ret=${encodeURIComponent(RETURN)}`,
    )
    expect(openSignIn).not.toHaveBeenCalled()
    const ticketCall = calls.find((c) => c.path === '/api/v1/sso/ticket')!
    await waitFor(() => expect(ticketCall.body).toEqual({ aud: 'visa', return: RETURN }))
    expect(document.title).toBe('Visa · Paryatan')
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', `${PARTNER}${RETURN}`)
  })

  it('opens sign-in for a visitor, looks every second, and goes on once they have signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    profileAnswers(['out', 'out', 'out', 'in'])
    ticketAnswers()
    const calls = recordCalls()
    const openSignIn = renderVisa()
    expect(await screen.findByText('Opening sign-in…')).toBeInTheDocument()
    expect(openSignIn).toHaveBeenCalledTimes(1)
    const profileCalls = () => calls.filter((c) => c.path === '/api/v1/me/profile').length
    expect(profileCalls()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(VISA_LOGIN_POLL_MS))
    await waitFor(() => expect(profileCalls()).toBe(2))
    await act(() => vi.advanceTimersByTimeAsync(2 * VISA_LOGIN_POLL_MS))
    expect(await frame()).toBeInTheDocument()
    expect(profileCalls()).toBe(4)
    // Found: no more looking.
    await act(() => vi.advanceTimersByTimeAsync(5 * VISA_LOGIN_POLL_MS))
    expect(profileCalls()).toBe(4)
    vi.useRealTimers()
  })

  it('gives up after fifteen looks without a sign-in, and can start again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    profileAnswers(['out'])
    const calls = recordCalls()
    renderVisa()
    await screen.findByText('Opening sign-in…')
    for (let i = 0; i < VISA_LOGIN_POLL_TRIES; i++) await act(() => vi.advanceTimersByTimeAsync(VISA_LOGIN_POLL_MS))
    expect(
      await screen.findByText('We couldn’t detect a login. Please finish signing in in the popup, then refresh.'),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/v1/me/profile')).toHaveLength(1 + VISA_LOGIN_POLL_TRIES)
    await act(() => vi.advanceTimersByTimeAsync(5 * VISA_LOGIN_POLL_MS))
    expect(calls.filter((c) => c.path === '/api/v1/me/profile')).toHaveLength(1 + VISA_LOGIN_POLL_TRIES)
    vi.useRealTimers()

    profileAnswers(['in'])
    ticketAnswers()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await frame()).toBeInTheDocument()
  })

  it('goes back to sign-in when the ticket call answers 401', async () => {
    profileAnswers(['in', 'out'])
    ticketAnswers(401)
    const openSignIn = renderVisa()
    expect(await screen.findByText('Opening sign-in…')).toBeInTheDocument()
    expect(openSignIn).toHaveBeenCalledTimes(1)
  })

  it.each([400, 429, 500])('says it could not connect when the ticket call answers %i', async (status) => {
    profileAnswers(['in'])
    ticketAnswers(status)
    renderVisa()
    expect(await screen.findByText('Could not connect to Visa.')).toBeInTheDocument()
    expect(screen.queryByTitle('Paryatan Visa')).not.toBeInTheDocument()
  })

  it('opens the partner in a new tab with a ticket of its own', async () => {
    profileAnswers(['in'])
    ticketAnswers()
    renderVisa()
    await frame()
    const framed = ticketNo
    const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    await userEvent.click(screen.getByRole('link', { name: 'Open in a new tab' }))
    expect(open).toHaveBeenCalledWith('about:blank', '_blank')
    expect(tab.opener).toBeNull()
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(
        `${PARTNER}/sso/consume?ticket=T${framed + 1}&ret=${encodeURIComponent(RETURN)}`,
      ),
    )
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, errorReply, noContent } from '@/testing/handlers'
import { server } from '@/testing/server'
import { recordCalls, renderRoutes } from '@/testing/test-utils'
import type { DeviceSession } from '../types'
import { DevicesPage } from './devices-page'

const here: DeviceSession = {
  _id: '11111111-1111-4111-8111-111111111111',
  current: true,
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  createdAt: '2026-11-02T04:30:00Z',
  lastSeenAt: '2026-11-20T09:00:00Z',
  ip: '203.0.113.7',
}
const phone: DeviceSession = {
  _id: '22222222-2222-4222-8222-222222222222',
  current: false,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  createdAt: '2026-10-01T10:00:00Z',
  lastSeenAt: '2026-11-19T18:45:00Z',
  ip: '198.51.100.20',
}

describe('DevicesPage', () => {
  it('lists every session, marks this device, and reloads the list after logging another one out', async () => {
    let items = [phone, here]
    server.use(
      api.sessions(() => HttpResponse.json({ items })),
      api.revokeSession(({ params }) => {
        if (params.id !== phone._id) return errorReply(404, { error: 'not_found', message: 'Not found.' })
        items = [here]
        return noContent()
      }),
    )
    const calls = recordCalls()
    renderRoutes({ routes: [{ path: '/', element: <DevicesPage /> }] })

    const rows = await screen.findAllByTestId('device')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Chrome on Windows')
    expect(rows[0]).toHaveTextContent('This device')
    expect(rows[0]).toHaveTextContent('203.0.113.7')
    expect(within(rows[0]!).queryByRole('button', { name: /Logout/ })).not.toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Safari on iPhone')
    expect(rows[1]).toHaveTextContent('198.51.100.20')
    // India time, labelled, whatever the device's zone: 18:45 UTC is already the next day in India.
    expect(rows[1]).toHaveTextContent('Signed in 1 Oct 2026, 3:30 pm IST · Last active 20 Nov 2026, 12:15 am IST')
    expect(rows[1]).not.toHaveTextContent('This device')

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Logout Safari on iPhone' }))
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1))
    expect(calls.filter((c) => c.path === '/api/v1/me/sessions')).toHaveLength(2)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@/testing/test-utils'
import { Component as VisaDestinationRoute } from './visa-destination'

function renderVisaRoute(path: string) {
  return renderRoutes({
    routes: [{ path: '/visas/:country', Component: VisaDestinationRoute }],
    initialEntries: [path],
  })
}

describe('the /visas/:country route', () => {
  it('shows the guide for a known country and moves to another guide', async () => {
    const { router } = renderVisaRoute('/visas/schengen')
    expect(await screen.findByRole('heading', { level: 1, name: 'Schengen visa for Indians' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Schengen visa for Indians · Paryatan'))

    await userEvent.click(screen.getByRole('link', { name: 'UK visa for Indians' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'UK visa for Indians' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/visas/uk')
    expect(screen.queryByRole('heading', { level: 2, name: 'Related reading' })).not.toBeInTheDocument()
  })

  it('shows the not-found page for an unknown country', async () => {
    renderVisaRoute('/visas/nowhere')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Apply with Paryatan Visa' })).not.toBeInTheDocument()
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { todayISO, toDisplayDate } from '@/lib/calendar-date'
import { renderRoutes } from '@/testing/test-utils'
import { HomeRoute } from './home'

function renderHome() {
  return renderRoutes({ routes: [{ path: '/', element: <HomeRoute /> }] })
}

const shown = (days: number) => {
  const d = new Date(`${todayISO()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return toDisplayDate(d.toISOString().slice(0, 10))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the home search panel', () => {
  it('opens on Flights, round trip, and moves to Hotels by keyboard', async () => {
    const user = userEvent.setup()
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Paryatan' })).toBeInTheDocument()
    const flights = screen.getByRole('tab', { name: 'Flights' })
    expect(flights).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('radio', { name: 'Round trip' })).toBeChecked()
    expect(screen.getByRole('form', { name: 'Search flights' })).toBeInTheDocument()

    await user.click(flights)
    await user.keyboard('{ArrowRight}')
    const hotels = screen.getByRole('tab', { name: 'Hotels' })
    await waitFor(() => expect(hotels).toHaveFocus())
    await user.keyboard('{Enter}')
    await waitFor(() => expect(hotels).toHaveAttribute('aria-selected', 'true'))
    expect(await screen.findByRole('form', { name: 'Search hotels' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Search flights' })).not.toBeInTheDocument()
  })

  it('loads no airport list until the flight form is used', async () => {
    renderHome()
    // An unexpected call fails the test (setup.ts): none is answered for /airports.min.json here.
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('BOM')
  })
})

describe('the hotel search', () => {
  it('tells the location and the counts in an alert, and makes no call', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const user = userEvent.setup()
    renderHome()
    await user.click(screen.getByRole('tab', { name: 'Hotels' }))
    const location = await screen.findByLabelText('Hotel location')
    expect(location).toHaveAttribute('placeholder', 'City or area')
    await user.type(location, 'Jaipur')
    await user.type(screen.getByLabelText('Check-in'), shown(3))
    await user.type(screen.getByLabelText('Check-out'), shown(5))
    expect(screen.getByRole('group', { name: 'Room 1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove adult' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remove adult' }))
    expect(screen.getByRole('button', { name: 'Remove adult' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Add child' }))
    await user.click(screen.getByRole('button', { name: 'Add another room' }))
    expect(screen.queryByRole('group', { name: 'Room 2' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Find Hotels' }))
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      `Hotel location: Jaipur\nCheck-in: ${shown(3)}\nCheck-out: ${shown(5)}\nRoom 1: 1 adult, 1 child`,
    )
  })

  it('allows no check-in before today and no check-out before the check-in', async () => {
    const user = userEvent.setup()
    renderHome()
    await user.click(screen.getByRole('tab', { name: 'Hotels' }))
    const checkIn = await screen.findByLabelText('Check-in')
    await user.type(checkIn, shown(-1))
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(`Choose ${shown(0)} or later.`)
    await user.clear(checkIn)
    await user.type(checkIn, shown(4))
    const checkOut = screen.getByLabelText('Check-out')
    await user.type(checkOut, shown(3))
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent(`Choose ${shown(4)} or later.`)
    await user.clear(checkOut)
    await user.type(checkOut, shown(6))
    await user.clear(checkIn)
    await user.type(checkIn, shown(7))
    expect(checkOut).toHaveValue('')
  })

  it('counts adults 1 to 9 and children 0 to 9 in the room', async () => {
    const user = userEvent.setup()
    renderHome()
    await user.click(screen.getByRole('tab', { name: 'Hotels' }))
    const addAdult = await screen.findByRole('button', { name: 'Add adult' })
    for (let i = 0; i < 7; i++) await user.click(addAdult)
    expect(addAdult).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Remove child' })).toBeDisabled()
    const addChild = screen.getByRole('button', { name: 'Add child' })
    for (let i = 0; i < 9; i++) await user.click(addChild)
    expect(addChild).toBeDisabled()
  })
})

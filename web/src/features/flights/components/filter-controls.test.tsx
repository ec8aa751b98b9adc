import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/test-utils'
import { FiltersButton, showFlightsLabel } from './filter-controls'

describe('FiltersButton', () => {
  it('says only "Filters" while no filter applies', () => {
    renderWithProviders(<FiltersButton count={0} onOpen={() => {}} />)
    const button = screen.getByRole('button', { name: 'Filters' })
    expect(button).toHaveTextContent(/^Filters$/)
    expect(button).toHaveAttribute('aria-haspopup', 'dialog')
  })

  it('shows "Filters (2)" and is read as "Filters, 2 applied"', () => {
    renderWithProviders(<FiltersButton count={2} onOpen={() => {}} />)
    expect(screen.getByRole('button', { name: 'Filters, 2 applied' })).toHaveTextContent(/^Filters \(2\)$/)
  })

  it('opens the sheet when pressed and fetches its code when pointed at or focused', async () => {
    const onOpen = vi.fn()
    const onPreload = vi.fn()
    renderWithProviders(<FiltersButton count={1} onOpen={onOpen} onPreload={onPreload} />)
    const user = userEvent.setup()
    await user.hover(screen.getByRole('button', { name: 'Filters, 1 applied' }))
    expect(onPreload).toHaveBeenCalled()
    expect(onOpen).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Filters, 1 applied' }))
    expect(onOpen).toHaveBeenCalledTimes(1)
  })
})

describe('showFlightsLabel', () => {
  it('counts the flights the sheet would leave, one in the singular', () => {
    expect(showFlightsLabel(42)).toBe('Show 42 flights')
    expect(showFlightsLabel(1)).toBe('Show 1 flight')
    expect(showFlightsLabel(0)).toBe('Show 0 flights')
  })
})

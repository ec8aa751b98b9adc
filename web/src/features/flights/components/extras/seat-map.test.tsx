import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders, spokenText } from '@/testing/test-utils'
import { NO_EXTRAS, type ExtrasChoice } from '../../lib/extras'
import { a320, ASHA, FAMILY, MIRA, RAVI } from './fixtures'
import { SeatMapGrid } from './seat-map'

const MAP = a320()

/** The seat map with its choice kept, and buttons to choose who is choosing. */
function Harness({ onChange }: { onChange?: (choice: ExtrasChoice) => void }) {
  const [choice, setChoice] = useState<ExtrasChoice>(NO_EXTRAS)
  const [traveller, setTraveller] = useState(ASHA.index)
  return (
    <>
      {FAMILY.map((t) => (
        <button key={t.index} type="button" onClick={() => setTraveller(t.index)}>
          As {t.label}
        </button>
      ))}
      <SeatMapGrid
        map={MAP}
        travellers={FAMILY}
        traveller={traveller}
        choice={choice}
        onChange={(next) => {
          setChoice(next)
          onChange?.(next)
        }}
      />
    </>
  )
}

function setup() {
  const onChange = vi.fn<(choice: ExtrasChoice) => void>()
  renderWithProviders(<Harness onChange={onChange} />)
  const grid = screen.getByRole('grid', { name: 'Seats on 6E 2134, DEL → BOM' })
  return {
    grid,
    onChange,
    /** A seat's button, by its code (its role and name are the first tests' business: finding 180 names is slow). */
    seat: (code: string) => {
      const button = grid.querySelector<HTMLButtonElement>(`button[data-seat="${code}"]`)
      if (!button) throw new Error(`no seat ${code}`)
      return button
    },
  }
}

const status = () => screen.getByRole('status')

/** Tabs on until the focus is in the seat map. */
async function tabIntoMap(grid: HTMLElement) {
  while (!grid.contains(document.activeElement)) await userEvent.tab()
}

describe('SeatMapGrid', () => {
  it('lays the cabin out as a grid: column letters, row numbers, exit rows, six seats a row', () => {
    const { grid } = setup()
    const rows = within(grid).getAllByRole('row')
    expect(rows).toHaveLength(31)
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => spokenText(h)),
    ).toEqual(['Row', 'A', 'B', 'C', 'D', 'E', 'F'])
    expect(within(rows[12]!).getByRole('rowheader')).toHaveAccessibleName('Row 12, exit row')
    expect(within(rows[12]!).getByRole('rowheader')).toHaveTextContent('12EXIT')
    expect(within(rows[14]!).getByRole('rowheader')).toHaveAccessibleName('Row 14')
    expect(within(rows[14]!).getAllByRole('gridcell')).toHaveLength(6)
    expect(within(grid).getAllByRole('button')).toHaveLength(180)
  })

  it('names every seat with its place, its row, and its price or state', () => {
    const { grid } = setup()
    const seat = (code: string) => within(grid).getByRole('button', { name: new RegExp(`^Seat ${code},`) })
    expect(seat('12A')).toHaveAccessibleName('Seat 12A, window, exit row, extra legroom, 350 rupees')
    expect(seat('12A')).toHaveTextContent('₹350')
    expect(seat('14C')).toHaveAccessibleName('Seat 14C, aisle, taken')
    expect(seat('14C')).toHaveAttribute('aria-disabled', 'true')
    expect(seat('14C')).toHaveTextContent('✕')
    expect(seat('21B')).toHaveAccessibleName('Seat 21B, middle, free')
    expect(seat('21B')).toHaveTextContent('Free')
    expect(seat('4B')).toHaveAccessibleName('Seat 4B, middle, 400 rupees')
    expect(seat('4B')).toHaveAttribute('aria-pressed', 'false')
  })

  it('is one tab stop, moved with the arrow keys across the aisle and between rows, Home/End and Page keys', async () => {
    const { grid, seat } = setup()
    const tabStops = () =>
      within(grid)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0)
    expect(tabStops()).toHaveLength(1)

    // 1A-1C are taken: the tab stop starts on the first seat the traveller may take.
    await tabIntoMap(grid)
    expect(seat('1D')).toHaveFocus()

    await userEvent.keyboard('{ArrowLeft}')
    expect(seat('1C')).toHaveFocus() // across the aisle, onto a taken seat: it is heard, not skipped
    expect(tabStops()).toEqual([seat('1C')])
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}')
    expect(seat('2E')).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}{ArrowUp}')
    expect(seat('1E')).toHaveFocus() // the front row: nowhere further up
    await userEvent.keyboard('{End}')
    expect(seat('1F')).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(seat('1F')).toHaveFocus()
    await userEvent.keyboard('{Home}')
    expect(seat('1A')).toHaveFocus()
    await userEvent.keyboard('{PageDown}')
    expect(seat('6A')).toHaveFocus()
    await userEvent.keyboard('{Control>}{End}{/Control}')
    expect(seat('30F')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    expect(seat('30F')).toHaveFocus()
    await userEvent.keyboard('{PageUp}')
    expect(seat('25F')).toHaveFocus()
    await userEvent.keyboard('{Control>}{Home}{/Control}')
    expect(seat('1A')).toHaveFocus()
    expect(tabStops()).toEqual([seat('1A')])

    // Tabbing away and back returns to where the keys were.
    await userEvent.tab()
    await userEvent.tab({ shift: true })
    expect(seat('1A')).toHaveFocus()
  })

  it('chooses a seat with Enter or Space, says so, and lets it go on a second press', async () => {
    const { grid, seat, onChange } = setup()
    await tabIntoMap(grid)
    expect(seat('1D')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown>11/}{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(seat('12A')).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(seat('12A')).toHaveAttribute('aria-pressed', 'true')
    expect(seat('12A')).toHaveTextContent('✓ A1')
    expect(onChange).toHaveBeenLastCalledWith({ [ASHA.index]: { seats: { [MAP.key]: '12A' }, meals: {}, baggage: {} } })
    expect(status()).toHaveTextContent(/^Seat 12A chosen for Adult 1 · Asha Rao: ₹350/)
    expect(spokenText(status())).toBe('Seat 12A chosen for Adult 1 · Asha Rao: 350 rupees.')
    expect(screen.getByText(/Adult 1 · Asha Rao: seat 12A \(window, exit row\)/)).toBeInTheDocument()

    // Another seat moves the traveller there.
    await userEvent.keyboard('{ArrowRight} ')
    expect(seat('12B')).toHaveAttribute('aria-pressed', 'true')
    expect(seat('12A')).toHaveAttribute('aria-pressed', 'false')

    // The same seat again lets it go.
    await userEvent.keyboard(' ')
    expect(seat('12B')).toHaveAttribute('aria-pressed', 'false')
    expect(status()).toHaveTextContent('Seat 12B removed: Adult 1 · Asha Rao has no seat on this flight.')
    expect(onChange).toHaveBeenLastCalledWith({ [ASHA.index]: { seats: {}, meals: {}, baggage: {} } })
    expect(screen.getByText('No seat chosen: the airline gives one at check-in.')).toBeInTheDocument()
  })

  it('refuses a taken seat, and says why', async () => {
    const { seat, onChange } = setup()
    await userEvent.click(seat('14C'))
    expect(status()).toHaveTextContent('Seat 14C is taken. Choose a free seat.')
    expect(seat('14C')).toHaveAttribute('aria-pressed', 'false')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows each traveller’s seat with their tag, and refuses one traveller the seat of another', async () => {
    const { seat, onChange } = setup()
    await userEvent.click(seat('12A'))
    await userEvent.click(screen.getByRole('button', { name: 'As Adult 2 · Ravi Rao' }))

    expect(seat('12A')).toHaveAccessibleName(
      'Seat 12A, window, exit row, extra legroom, 350 rupees, chosen for Adult 1 · Asha Rao',
    )
    expect(seat('12A')).toHaveTextContent(/^A1$/)
    expect(seat('12A')).toHaveAttribute('aria-pressed', 'false')
    expect(seat('12A')).toHaveAttribute('aria-disabled', 'true')
    expect(status()).toBeEmptyDOMElement()

    await userEvent.click(seat('12A'))
    expect(status()).toHaveTextContent(
      'Seat 12A is already chosen for Adult 1 · Asha Rao. Choose another seat, or change theirs first.',
    )
    expect(onChange).toHaveBeenCalledTimes(1)

    await userEvent.click(seat('12B'))
    expect(seat('12B')).toHaveAttribute('aria-pressed', 'true')
    expect(seat('12B')).toHaveTextContent('✓ A2')
    expect(onChange).toHaveBeenLastCalledWith({
      [ASHA.index]: { seats: { [MAP.key]: '12A' }, meals: {}, baggage: {} },
      [RAVI.index]: { seats: { [MAP.key]: '12B' }, meals: {}, baggage: {} },
    })

    // Back with Asha: her seat is pressed, Ravi's is his.
    await userEvent.click(screen.getByRole('button', { name: 'As Adult 1 · Asha Rao' }))
    expect(seat('12A')).toHaveAttribute('aria-pressed', 'true')
    expect(seat('12B')).toHaveTextContent(/^A2$/)
  })

  it('keeps a child out of the exit rows', async () => {
    const { seat, onChange } = setup()
    await userEvent.click(screen.getByRole('button', { name: 'As Child 1 · Mira Rao' }))
    expect(seat('13B')).toHaveAccessibleName('Seat 13B, middle, exit row, extra legroom, 350 rupees, adults only')
    await userEvent.click(seat('13B'))
    expect(status()).toHaveTextContent('Seat 13B is in an exit row, which is for adults only.')
    expect(onChange).not.toHaveBeenCalled()
    await userEvent.click(seat('14B'))
    expect(onChange).toHaveBeenLastCalledWith({ [MIRA.index]: { seats: { [MAP.key]: '14B' }, meals: {}, baggage: {} } })
  })

  it('has a key to its marks in words', () => {
    setup()
    const key = screen.getByRole('list', { name: 'Seat map key' })
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => spokenText(li)),
    ).toEqual([
      'Free seat',
      'Paid seat, price shown',
      'Taken',
      'This traveller’s seat',
      'Another traveller’s seat',
      'Exit row: extra legroom, adults only',
    ])
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders, spokenText } from '@/testing/test-utils'
import { extrasBody, type Extras, type ExtrasChoice, type ExtrasTraveller } from '../../lib/extras'
import { ExtrasStep } from './extras-step'
import {
  ASHA,
  baggage,
  connectingExtras,
  DEL_BOM,
  FAMILY,
  gdsExtras,
  KABIR,
  lccExtras,
  meals,
  noExtras,
  RAVI,
} from './fixtures'

const SEATS = DEL_BOM.key
const MEALS = meals().key
const BAGS = baggage().key

function setup(extras: Extras = lccExtras(), props: { travellers?: ExtrasTraveller[]; value?: ExtrasChoice } = {}) {
  const onSkip = vi.fn()
  const onContinue = vi.fn<(choice: ExtrasChoice) => void>()
  const onChange = vi.fn<(choice: ExtrasChoice) => void>()
  renderWithProviders(
    <ExtrasStep
      extras={extras}
      travellers={props.travellers ?? FAMILY}
      value={props.value}
      onChange={onChange}
      onSkip={onSkip}
      onContinue={onContinue}
    />,
  )
  return { onSkip, onContinue, onChange }
}

/** A seat button of the map shown, by code. */
function seat(code: string) {
  const button = screen.getByRole('grid').querySelector<HTMLButtonElement>(`button[data-seat="${code}"]`)
  if (!button) throw new Error(`no seat ${code}`)
  return button
}

const tab = (name: RegExp) => screen.getByRole('tab', { name })
const total = () => screen.getByTestId('extras-total')

describe('ExtrasStep on a low-cost fare', () => {
  it('lets each traveller choose a seat, a meal and baggage, and totals them exactly', async () => {
    const { onContinue, onSkip } = setup()
    expect(screen.getByRole('heading', { level: 2, name: 'Seats, meals and baggage' })).toBeInTheDocument()
    const tabs = within(screen.getByRole('tablist', { name: 'Choosing for' })).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Adult 1 · Asha RaoNothing chosen',
      'Adult 2 · Ravi RaoNothing chosen',
      'Child 1 · Mira RaoNothing chosen',
      'Infant 1 · Kabir RaoOn an adult’s lap',
    ])
    expect(tab(/Asha/)).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^Adult 1 · Asha Rao/)
    expect(screen.getByRole('heading', { level: 3, name: '6E 2134 · DEL → BOM' })).toBeInTheDocument()
    expect(screen.getByText('Nothing chosen yet.')).toBeInTheDocument()
    expect(total()).toHaveTextContent('₹0')

    // Asha: ₹350.00 + ₹199.50 + ₹1,050 = ₹1,599.50.
    await userEvent.click(seat('12A'))
    await userEvent.click(screen.getByRole('radio', { name: /Veg cheese sandwich/ }))
    await userEvent.click(screen.getByRole('radio', { name: /3 kg/ }))
    expect(total()).toHaveTextContent(/^₹1,599\.50$/)
    expect(spokenText(total().parentElement!)).toBe('Extras total: 1,599 rupees 50 paise')
    expect(tab(/Asha/)).toHaveTextContent('3 chosen · ₹1,599.50')
    const lines = within(screen.getByTestId('extras-lines'))
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => spokenText(c))
    expect(lines.getAllByRole('row').map(cells)).toEqual([
      ['Extra', 'Price'],
      ['Seat 12A · DEL→BOM · Adult 1', '350 rupees'],
      ['Veg cheese sandwich · DEL→BOM · Adult 1', '199 rupees 50 paise'],
      ['Extra baggage 3 kg · DEL→BOM · Adult 1', '1,050 rupees'],
      ['Total', '1,599 rupees 50 paise'],
    ])

    // Ravi: Asha's seat is hers; he takes the one beside it, and nothing else.
    await userEvent.click(tab(/Ravi/))
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^Adult 2 · Ravi Rao/)
    expect(seat('12A')).toHaveAttribute('aria-disabled', 'true')
    expect(seat('12A')).toHaveTextContent(/^A1$/)
    await userEvent.click(seat('12A'))
    expect(screen.getByRole('status')).toHaveTextContent('Seat 12A is already chosen for Adult 1 · Asha Rao.')
    expect(screen.getByRole('radio', { name: 'No meal' })).toBeChecked()
    await userEvent.click(seat('12B'))
    expect(seat('12B')).toHaveAttribute('aria-pressed', 'true')
    expect(total()).toHaveTextContent(/^₹1,949\.50$/)

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onSkip).not.toHaveBeenCalled()
    expect(onContinue).toHaveBeenCalledTimes(1)
    const choice = onContinue.mock.calls[0]![0]
    expect(choice).toEqual({
      [ASHA.index]: { seats: { [SEATS]: '12A' }, meals: { [MEALS]: 'VCSW' }, baggage: { [BAGS]: 'XC03' } },
      [RAVI.index]: { seats: { [SEATS]: '12B' }, meals: {}, baggage: {} },
    })
    expect(extrasBody(lccExtras(), FAMILY, choice)).toEqual([
      { seats: { [SEATS]: '12A' }, meals: { [MEALS]: 'VCSW' }, baggage: { [BAGS]: 'XC03' } },
      { seats: { [SEATS]: '12B' } },
    ])
  })

  it('switches travellers with the arrow keys, and gives an infant no seat, meal or baggage', async () => {
    setup()
    await userEvent.tab() // Skip
    await userEvent.tab()
    expect(tab(/Asha/)).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(tab(/Kabir/)).toHaveFocus()
    expect(tab(/Kabir/)).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent(
      'Infants sit on an adult’s lap: no seat, meal or extra baggage of their own.',
    )
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    await userEvent.keyboard('{ArrowRight}')
    expect(tab(/Asha/)).toHaveFocus()
    expect(screen.getByRole('grid')).toBeInTheDocument()
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(tab(/Mira/)).toHaveAttribute('aria-selected', 'true')
    expect(
      within(screen.getByRole('tablist'))
        .getAllByRole('tab')
        .filter((t) => t.tabIndex === 0),
    ).toEqual([tab(/Mira/)])
  })

  it('skips the whole step in one tap, whatever was chosen', async () => {
    const { onSkip, onContinue } = setup()
    await userEvent.click(seat('12A'))
    await userEvent.click(screen.getByRole('button', { name: 'Skip this step' }))
    expect(onSkip).toHaveBeenCalledTimes(1)
    expect(onContinue).not.toHaveBeenCalled()
  })

  it('follows its value when controlled, and reports every change', async () => {
    const value: ExtrasChoice = { [ASHA.index]: { seats: { [SEATS]: '4C' }, meals: {}, baggage: {} } }
    const { onChange } = setup(lccExtras(), { value })
    expect(seat('4C')).toHaveAttribute('aria-pressed', 'true')
    expect(total()).toHaveTextContent(/^₹450$/)
    await userEvent.click(seat('5C'))
    expect(onChange).toHaveBeenLastCalledWith({ [ASHA.index]: { seats: { [SEATS]: '5C' }, meals: {}, baggage: {} } })
    // The value did not change: neither did the map.
    expect(seat('4C')).toHaveAttribute('aria-pressed', 'true')
  })

  it('says so when the airline sells nothing, and goes on with nothing', async () => {
    const { onSkip, onContinue } = setup(noExtras())
    expect(
      screen.getByText(
        'The airline sells no seats, meals or extra baggage online for this flight. It gives seats at check-in.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Skip this step' })).not.toBeInTheDocument()
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onSkip).toHaveBeenCalledTimes(1)
    expect(onContinue).not.toHaveBeenCalled()
  })

  it('shows a connection flight by flight, with baggage sold for the whole journey on its own', () => {
    setup(connectingExtras(), { travellers: [ASHA] })
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '6E 2134 · DEL → BOM',
      '6E 5312 · BOM → BLR',
      'DEL → BLR',
    ])
    expect(screen.getAllByRole('grid').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Seats on 6E 2134, DEL → BOM',
      'Seats on 6E 5312, BOM → BLR',
    ])
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Meal · DEL → BOM',
      'Meal · BOM → BLR',
      'Extra baggage · DEL → BLR',
    ])
  })

  it('has no tabs for one traveller', () => {
    setup(lccExtras(), { travellers: [ASHA] })
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(screen.getByText('Choosing for Adult 1 · Asha Rao')).toBeInTheDocument()
    expect(screen.getByRole('grid')).toBeInTheDocument()
  })
})

describe('ExtrasStep on a full-service fare', () => {
  it('asks for preferences, says the airline may not honour them, and gives an infant a meal request only', async () => {
    const { onContinue } = setup(gdsExtras())
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    expect(screen.queryByTestId('extras-total')).not.toBeInTheDocument()
    expect(
      screen.getByText(
        'These are requests: the airline is told, but may not be able to honour them. They cost nothing.',
      ),
    ).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Special meal' }), 'Jain vegetarian')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Seat preference' }), 'Aisle seat')
    expect(tab(/Asha/)).toHaveTextContent('2 requests')

    await userEvent.click(tab(/Kabir/))
    expect(screen.getByRole('tabpanel')).toHaveTextContent(
      'Infants sit on an adult’s lap: no seat. You can ask for a baby meal.',
    )
    expect(screen.queryByRole('combobox', { name: 'Seat preference' })).not.toBeInTheDocument()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Special meal' }), 'Baby meal')

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const choice = onContinue.mock.calls[0]![0]
    expect(extrasBody(gdsExtras(), FAMILY, choice)).toEqual([
      { mealPreference: 'VJML', seatPreference: 'NSSA' },
      {},
      {},
      { mealPreference: 'BBML' },
    ])
    expect(choice[KABIR.index]).toMatchObject({ mealPreference: 'BBML' })
  })
})

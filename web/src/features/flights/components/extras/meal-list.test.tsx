import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/test-utils'
import { NO_EXTRAS, type ExtrasChoice } from '../../lib/extras'
import { ASHA, FAMILY, meals } from './fixtures'
import { MealList } from './meal-list'

const GROUP = meals()

function Harness({ onChange }: { onChange: (choice: ExtrasChoice) => void }) {
  const [choice, setChoice] = useState<ExtrasChoice>(NO_EXTRAS)
  return (
    <MealList
      group={GROUP}
      travellers={FAMILY}
      traveller={ASHA.index}
      choice={choice}
      onChange={(next) => {
        setChoice(next)
        onChange(next)
      }}
    />
  )
}

describe('MealList', () => {
  it('offers the flight’s meals as a radio group with their prices, "No meal" first and chosen', async () => {
    const onChange = vi.fn<(choice: ExtrasChoice) => void>()
    renderWithProviders(<Harness onChange={onChange} />)
    const group = screen.getByRole('group', { name: 'Meal · DEL → BOM' })
    const radios = within(group).getAllByRole('radio')
    const names = [
      'No meal',
      'Veg cheese sandwich 199 rupees 50 paise',
      'Paneer tikka sandwich 250 rupees',
      'Chicken junglee sandwich 300 rupees',
      'Snack box with your fare Included',
    ]
    expect(radios).toHaveLength(names.length)
    radios.forEach((radio, i) => expect(radio).toHaveAccessibleName(names[i]))
    expect(within(group).getByRole('radio', { name: 'No meal' })).toBeChecked()
    expect(
      within(group)
        .getByRole('radio', { name: /Veg cheese sandwich/ })
        .closest('label'),
    ).toHaveTextContent('₹199.50')

    await userEvent.click(within(group).getByRole('radio', { name: /Veg cheese sandwich/ }))
    expect(within(group).getByRole('radio', { name: /Veg cheese sandwich/ })).toBeChecked()
    expect(onChange).toHaveBeenLastCalledWith({
      [ASHA.index]: { seats: {}, meals: { [GROUP.key]: 'VCSW' }, baggage: {} },
    })

    // Arrow keys move through the group as in any radio group; "No meal" takes it back.
    await userEvent.keyboard('{ArrowDown}')
    expect(within(group).getByRole('radio', { name: /Paneer tikka sandwich/ })).toBeChecked()
    await userEvent.click(within(group).getByRole('radio', { name: 'No meal' }))
    expect(onChange).toHaveBeenLastCalledWith({ [ASHA.index]: { seats: {}, meals: {}, baggage: {} } })
  })
})

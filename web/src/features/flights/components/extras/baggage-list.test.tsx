import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/test-utils'
import { NO_EXTRAS, type BaggageGroup, type ExtrasChoice } from '../../lib/extras'
import { baggage, FAMILY, MIRA } from './fixtures'
import { BaggageList } from './baggage-list'

function Harness({ group, onChange }: { group: BaggageGroup; onChange: (choice: ExtrasChoice) => void }) {
  const [choice, setChoice] = useState<ExtrasChoice>(NO_EXTRAS)
  return (
    <BaggageList
      group={group}
      travellers={FAMILY}
      traveller={MIRA.index}
      choice={choice}
      onChange={(next) => {
        setChoice(next)
        onChange(next)
      }}
    />
  )
}

describe('BaggageList', () => {
  it('offers extra baggage with prices, "No extra baggage" first; the baggage a fare includes says so', async () => {
    const group = baggage()
    group.items.unshift({
      code: 'INCL15',
      description: 'Check-in baggage 15 kg',
      weightKg: 15,
      price: '0.00',
      included: true,
    })
    // A price that cannot be read is not offered: it could not be shown or charged exactly.
    group.items.push({ code: 'XC20', description: '', weightKg: 20, price: 'n/a', included: false })
    const onChange = vi.fn<(choice: ExtrasChoice) => void>()
    renderWithProviders(<Harness group={group} onChange={onChange} />)
    const fieldset = screen.getByRole('group', { name: 'Extra baggage · DEL → BOM' })
    const names = [
      'No extra baggage',
      'Check-in baggage 15 kg Included',
      'Prepaid excess baggage 3 kg 1,050 rupees',
      'Prepaid excess baggage 5 kg 1,750 rupees',
      'Prepaid excess baggage 10 kg 3,500 rupees',
    ]
    const radios = within(fieldset).getAllByRole('radio')
    expect(radios).toHaveLength(names.length)
    radios.forEach((radio, i) => expect(radio).toHaveAccessibleName(names[i]))
    expect(within(fieldset).getByRole('radio', { name: 'No extra baggage' })).toBeChecked()

    await userEvent.click(within(fieldset).getByRole('radio', { name: /3 kg/ }))
    expect(within(fieldset).getByRole('radio', { name: /3 kg/ }).closest('label')).toHaveTextContent('₹1,050')
    expect(onChange).toHaveBeenLastCalledWith({
      [MIRA.index]: { seats: {}, meals: {}, baggage: { [group.key]: 'XC03' } },
    })
  })
})

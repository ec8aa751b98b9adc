import {
  chooseBaggage,
  itemPaise,
  picksOf,
  type BaggageGroup,
  type ExtrasChoice,
  type ExtrasTraveller,
} from '../../lib/extras'
import { OfferList } from './offer-list'

interface BaggageListProps {
  /** The baggage of one flight (or of a whole leg, when the airline sells it so). */
  group: BaggageGroup
  travellers: readonly ExtrasTraveller[]
  /** The index of the traveller choosing. */
  traveller: number
  choice: ExtrasChoice
  onChange: (choice: ExtrasChoice) => void
}

/** Extra check-in baggage a low-cost airline sells, "No extra baggage" first; baggage the fare includes says "Included". */
export function BaggageList({ group, travellers, traveller, choice, onChange }: BaggageListProps) {
  return (
    <OfferList
      legend={`Extra baggage · ${group.origin} → ${group.destination}`}
      none="No extra baggage"
      offers={group.items.map((i) => ({
        code: i.code,
        title: i.description || `${i.weightKg} kg`,
        paise: itemPaise(i),
        included: i.included,
      }))}
      value={picksOf(choice, traveller).baggage[group.key]}
      onChoose={(code) => {
        const out = chooseBaggage(group, travellers, choice, traveller, code)
        if (out.ok) onChange(out.choice)
      }}
    />
  )
}

import {
  chooseMeal,
  itemPaise,
  picksOf,
  type ExtrasChoice,
  type ExtrasTraveller,
  type MealGroup,
} from '../../lib/extras'
import { OfferList } from './offer-list'

interface MealListProps {
  /** The meals of one flight (or one leg). */
  group: MealGroup
  travellers: readonly ExtrasTraveller[]
  /** The index of the traveller choosing. */
  traveller: number
  choice: ExtrasChoice
  onChange: (choice: ExtrasChoice) => void
}

/** The meals a low-cost airline sells on one flight, "No meal" first; a meal the fare includes says "Included". */
export function MealList({ group, travellers, traveller, choice, onChange }: MealListProps) {
  return (
    <OfferList
      legend={`Meal · ${group.origin} → ${group.destination}`}
      none="No meal"
      offers={group.items.map((i) => ({
        code: i.code,
        title: i.description,
        paise: itemPaise(i),
        included: i.included,
      }))}
      value={picksOf(choice, traveller).meals[group.key]}
      onChoose={(code) => {
        const out = chooseMeal(group, travellers, choice, traveller, code)
        if (out.ok) onChange(out.choice)
      }}
    />
  )
}

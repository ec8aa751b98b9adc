import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ComponentProps } from 'react'
import { FormField } from '@/components/ui/form-field'
import {
  choosePreference,
  mayPick,
  picksOf,
  type Extras,
  type ExtrasChoice,
  type ExtrasTraveller,
  type Preference,
} from '../../lib/extras'

const PREFERENCE_NOTE =
  'These are requests: the airline is told, but may not be able to honour them. They cost nothing.'

function Select({ children, ...field }: ComponentProps<typeof NativeSelect.Field>) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field}>{children}</NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

interface PreferenceFieldsProps {
  /** A full-service fare's extras: its special meals and seat preferences. */
  extras: Extras
  travellers: readonly ExtrasTraveller[]
  /** The index of the traveller choosing. */
  traveller: number
  choice: ExtrasChoice
  onChange: (choice: ExtrasChoice) => void
}

/**
 * A full-service fare's requests for one traveller: a special meal and a kind
 * of seat (an infant, on an adult's lap, asks for a meal only), with the
 * warning that the airline may not honour them.
 */
export function PreferenceFields({ extras, travellers, traveller, choice, onChange }: PreferenceFieldsProps) {
  const who = travellers.find((t) => t.index === traveller)
  if (!who) return null
  const picks = picksOf(choice, traveller)
  const set = (pick: 'mealPreference' | 'seatPreference', code: string) => {
    const out = choosePreference(extras, travellers, choice, traveller, pick, code || null)
    if (out.ok) onChange(out.choice)
  }
  const options = (list: readonly Preference[]) =>
    list.map((p) => (
      <option key={p.code} value={p.code}>
        {p.description}
      </option>
    ))
  const meals = mayPick(extras.kind, who.type, 'mealPreference') && extras.mealPreferences.length > 0
  const seats = mayPick(extras.kind, who.type, 'seatPreference') && extras.seatPreferences.length > 0
  if (!meals && !seats) return null
  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        {PREFERENCE_NOTE}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {meals ? (
          <FormField label="Special meal">
            <Select value={picks.mealPreference ?? ''} onChange={(e) => set('mealPreference', e.target.value)}>
              <option value="">No special meal</option>
              {options(extras.mealPreferences)}
            </Select>
          </FormField>
        ) : null}
        {seats ? (
          <FormField label="Seat preference">
            <Select value={picks.seatPreference ?? ''} onChange={(e) => set('seatPreference', e.target.value)}>
              <option value="">No preference</option>
              {options(extras.seatPreferences)}
            </Select>
          </FormField>
        ) : null}
      </SimpleGrid>
    </Stack>
  )
}

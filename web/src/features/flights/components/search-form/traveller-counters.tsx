import { Fieldset, SimpleGrid } from '@chakra-ui/react'
import { CounterStepper } from '@/components/ui/counter-stepper'
import { TRAVELLER_LIMITS, type TravellerKind, type Travellers } from '../../lib/search-query'

const KINDS: ReadonlyArray<{ kind: TravellerKind; label: string; noun: string; hint: string }> = [
  { kind: 'adults', label: 'Adults', noun: 'adult', hint: '12 years and over' },
  { kind: 'children', label: 'Children', noun: 'child', hint: '2 to 11 years' },
  { kind: 'infants', label: 'Infants', noun: 'infant', hint: 'Under 2 years' },
]

interface TravellerCountersProps {
  value: Travellers
  onChange: (kind: TravellerKind, count: number) => void
}

/** Adults 1–9, children and infants 0–9 (spec 9). */
export function TravellerCounters({ value, onChange }: TravellerCountersProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" textStyle="sm">
        Travellers
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap={{ base: '3', sm: '6' }} mt="2">
        {KINDS.map(({ kind, label, noun, hint }) => (
          <CounterStepper
            key={kind}
            label={label}
            noun={noun}
            hint={hint}
            value={value[kind]}
            min={TRAVELLER_LIMITS[kind].min}
            max={TRAVELLER_LIMITS[kind].max}
            onChange={(count) => onChange(kind, count)}
          />
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  )
}

import { Fieldset } from '@chakra-ui/react/fieldset'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { CounterStepper } from '@/components/ui/counter-stepper'
import { maxOf, TRAVELLER_LIMITS, type TravellerKind, type Travellers } from '../../lib/search-query'
import { memo } from 'react'

const KINDS: ReadonlyArray<{ kind: TravellerKind; label: string; noun: string; hint: string }> = [
  { kind: 'adults', label: 'Adults', noun: 'adult', hint: '12 years and over' },
  { kind: 'children', label: 'Children', noun: 'child', hint: '2 to 11 years' },
  { kind: 'infants', label: 'Infants', noun: 'infant', hint: 'Under 2 years. One infant per adult' },
]

interface TravellerCountersProps {
  value: Travellers
  onChange: (kind: TravellerKind, count: number) => void
}

/**
 * Adults 1–9, children 0–9 (spec 9), infants no more than adults: each
 * infant sits on an adult's lap (withTravellers keeps the two in step).
 */
export const TravellerCounters = memo(function TravellerCounters({ value, onChange }: TravellerCountersProps) {
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
            max={maxOf(kind, value)}
            onChange={(count) => onChange(kind, count)}
          />
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  )
})

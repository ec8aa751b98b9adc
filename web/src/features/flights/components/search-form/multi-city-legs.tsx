import { Button } from '@chakra-ui/react/button'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { DateField } from '@/components/ui/date-field'
import type { Airport } from '../../lib/airports'
import { addLeg, canAddLeg, canRemoveLeg, legMin, removeLeg } from '../../lib/search-form'
import type { Leg } from '../../lib/search-query'
import { AirportCombobox } from './airport-combobox'
import { memo } from 'react'

interface MultiCityLegsProps {
  legs: Leg[]
  onChange: (legs: Leg[]) => void
  airports: readonly Airport[]
  today: string
}

/** The legs of a multi-city trip, Flight 1, Flight 2, … (spec 2.4), each dated no earlier than the one before (spec 5). */
export const MultiCityLegs = memo(function MultiCityLegs({ legs, onChange, airports, today }: MultiCityLegsProps) {
  const set = (index: number, patch: Partial<Leg>) =>
    onChange(legs.map((leg, i) => (i === index ? { ...leg, ...patch } : leg)))
  return (
    <Stack gap="4">
      {legs.map((leg, i) => (
        // Legs have no identity of their own; their place is what the URL numbers.
        <Fieldset.Root key={i} borderWidth="1px" borderColor="border" rounded="md" p={{ base: '3', md: '4' }}>
          <HStack justify="space-between">
            <Fieldset.Legend fontWeight="semibold" color="brand.fg">{`Flight ${i + 1}`}</Fieldset.Legend>
            {canRemoveLeg(legs) ? (
              <Button size="xs" variant="ghost" onClick={() => onChange(removeLeg(legs, i))}>
                {`Remove flight ${i + 1}`}
              </Button>
            ) : null}
          </HStack>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mt="2">
            <AirportCombobox
              label="From"
              value={leg.from}
              airports={airports}
              placeholder="City or airport"
              onChange={(from) => set(i, { from })}
            />
            <AirportCombobox
              label="To"
              value={leg.to}
              airports={airports}
              placeholder="City or airport"
              onChange={(to) => set(i, { to })}
            />
            <DateField
              label="Date"
              value={leg.date}
              min={legMin(legs, i, today)}
              onChange={(date) => set(i, { date })}
            />
          </SimpleGrid>
        </Fieldset.Root>
      ))}
      <Button
        alignSelf="flex-start"
        variant="outline"
        colorPalette="brand"
        disabled={!canAddLeg(legs)}
        onClick={() => onChange(addLeg(legs))}
      >
        Add another flight
      </Button>
    </Stack>
  )
})

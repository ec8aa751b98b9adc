import { Box } from '@chakra-ui/react/box'
import { Field } from '@chakra-ui/react/field'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Input } from '@chakra-ui/react/input'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { memo, type ReactNode } from 'react'
import { CheckboxChoice } from '@/components/ui/choice'
import { useStableHandler } from '@/hooks/use-stable-handler'
import { numericPriceInput } from '../lib/filters'

/**
 * The frame of a flight list's filters, named "Filter flights": a card beside the list (above it on a
 * phone), sticky on wide screens, where it scrolls within the screen's height when taller.
 */
export function FiltersFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      as="aside"
      aria-label="Filter flights"
      position={{ lg: 'sticky' }}
      top={{ lg: '24' }}
      maxH={{ lg: 'calc(100vh - 7rem)' }}
      overflowY={{ lg: 'auto' }}
      bg="bg.card"
      borderWidth="1px"
      rounded="md"
      p="4"
    >
      {children}
    </Box>
  )
}

/** Adds or removes one value of a set, as a new set. */
export function toggled<T>(set: ReadonlySet<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set)
  if (on) next.add(value)
  else next.delete(value)
  return next
}

interface AirlineChecklistProps {
  airlines: { code: string; name: string }[]
  checked: ReadonlySet<string>
  onChange: (checked: Set<string>) => void
}

const AirlineChoice = memo(function AirlineChoice({
  code,
  label,
  checked,
  onToggle,
}: {
  code: string
  label: string
  checked: boolean
  onToggle: (code: string, on: boolean) => void
}) {
  return (
    <CheckboxChoice checked={checked} onChange={(on) => onToggle(code, on)}>
      {label}
    </CheckboxChoice>
  )
})

/**
 * One checkbox per airline found in the results; none ticked means every
 * airline. A tap renders again only the checkbox it changed.
 */
export const AirlineChecklist = memo(function AirlineChecklist({ airlines, checked, onChange }: AirlineChecklistProps) {
  const toggle = useStableHandler((code: string, on: boolean) => onChange(toggled(checked, code, on)))
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Airlines</Fieldset.Legend>
      {/* Each row is a 24 px target already: a small gap keeps the list as short as it can be, since it
          appears with the results and pushes what is below it. */}
      <Stack gap="1" mt="2">
        {airlines.map((a) => (
          <AirlineChoice
            key={a.code}
            code={a.code}
            label={`${a.name} (${a.code})`}
            checked={checked.has(a.code)}
            onToggle={toggle}
          />
        ))}
      </Stack>
    </Fieldset.Root>
  )
})

interface PriceFieldsProps {
  minPrice: string
  maxPrice: string
  onChange: (bounds: { minPrice: string; maxPrice: string }) => void
}

/** Minimum and maximum price in rupees: numbers only, an empty field is no bound (spec 5). */
export const PriceFields = memo(function PriceFields({ minPrice, maxPrice, onChange }: PriceFieldsProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Price (₹)</Fieldset.Legend>
      <SimpleGrid columns={2} gap="2" mt="2">
        <Field.Root>
          <Field.Label fontSize="sm">Minimum price</Field.Label>
          <Input
            size="sm"
            inputMode="decimal"
            autoComplete="off"
            placeholder="No minimum"
            value={minPrice}
            onChange={(e) => onChange({ minPrice: numericPriceInput(e.target.value), maxPrice })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Maximum price</Field.Label>
          <Input
            size="sm"
            inputMode="decimal"
            autoComplete="off"
            placeholder="No maximum"
            value={maxPrice}
            onChange={(e) => onChange({ minPrice, maxPrice: numericPriceInput(e.target.value) })}
          />
        </Field.Root>
      </SimpleGrid>
    </Fieldset.Root>
  )
})

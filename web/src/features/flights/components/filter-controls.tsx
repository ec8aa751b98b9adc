import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Flex } from '@chakra-ui/react/flex'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { memo, type ReactNode, type Ref } from 'react'
import { CheckboxChoice } from '@/components/ui/choice'
import { useStableHandler } from '@/hooks/use-stable-handler'
import { numericPriceInput } from '../lib/filters'

/**
 * The frame of a flight list's filters on a wide screen, named "Filter flights": a card beside the
 * list, sticky, which scrolls within the screen's height when taller. (Narrower screens get the
 * FilterBar and a sheet instead.)
 */
export function FiltersFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      as="aside"
      aria-label="Filter flights"
      position="sticky"
      top="24"
      maxH="calc(100vh - 7rem)"
      overflowY="auto"
      bg="bg.card"
      borderWidth="1px"
      rounded="md"
      p="4"
    >
      {children}
    </Box>
  )
}

/**
 * The bar above a flight list on a phone: the sort and the Filters button. It stays under the site's
 * header (4rem tall) while the list scrolls, across the page's whole width so that no card shows
 * beside it; on a screen too short to spare its height (a phone on its side, a page zoomed to
 * 200 %) it scrolls away with the page.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Flex
      role="group"
      aria-label="Sort and filter flights"
      position="sticky"
      top="16"
      zIndex="docked"
      align="center"
      justify="space-between"
      gap="3"
      mx={{ base: '-4', md: '-6' }}
      px={{ base: '4', md: '6' }}
      py="2"
      bg="bg.canvas"
      borderBottomWidth="1px"
      css={{ '@media (max-height: 30rem)': { position: 'static' } }}
    >
      {children}
    </Flex>
  )
}

interface FiltersButtonProps {
  /** How many filters are applied; shown as "Filters (2)" and read as "Filters, 2 applied". */
  count: number
  onOpen: () => void
  /** Fetches the sheet's code ahead, when the button is pointed at or focused. */
  onPreload?: () => void
  ref?: Ref<HTMLButtonElement>
}

/**
 * Opens the filters' sheet: a 44 px target, saying how many filters are applied. Its name is given
 * outright ("Filters, 2 applied"): words hidden in the button would be joined to its label with or
 * without a space depending on how the browser lays them out.
 */
export function FiltersButton({ count, onOpen, onPreload, ref }: FiltersButtonProps) {
  return (
    <Button
      ref={ref}
      variant="outline"
      bg="bg.card"
      minH="11"
      flexShrink="0"
      aria-haspopup="dialog"
      aria-label={count > 0 ? `Filters, ${count} applied` : undefined}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      onClick={onOpen}
    >
      {count > 0 ? `Filters (${count})` : 'Filters'}
    </Button>
  )
}

interface SortSelectProps<S extends string> {
  value: string
  sorts: readonly S[]
  labels: Record<S, string>
  onChange: (sort: S) => void
}

/** The bar's sort: a native select (the phone's own picker), "Sort by" beside it. */
export function SortSelect<S extends string>({ value, sorts, labels, onChange }: SortSelectProps<S>) {
  return (
    <Field.Root orientation="horizontal" flex="1" minW="0" maxW="sm" gap="2">
      <Field.Label fontWeight="semibold" flex="none" whiteSpace="nowrap">
        Sort by
      </Field.Label>
      <NativeSelect.Root flex="1" minW="0">
        <NativeSelect.Field bg="bg.card" minH="11" value={value} onChange={(e) => onChange(e.target.value as S)}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

/** The sheet's apply button: how many flights the filters chosen in it leave. */
export function showFlightsLabel(matches: number): string {
  return `Show ${matches} ${matches === 1 ? 'flight' : 'flights'}`
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

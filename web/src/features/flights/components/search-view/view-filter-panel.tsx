import { Fieldset } from '@chakra-ui/react/fieldset'
import { Stack } from '@chakra-ui/react/stack'
import { CheckboxChoice } from '@/components/ui/choice'
import { useStableHandler } from '@/hooks/use-stable-handler'
import {
  INITIAL_VIEW_FILTERS,
  priceBoundPaise,
  STOP_BUCKET_LABELS,
  STOP_BUCKETS,
  type ViewFilterState,
} from '../../lib/filters'
import { AirlineChecklist, PriceFields, toggled } from '../filter-controls'

/**
 * How many filters the search view applies, as the Filters button counts them: each stop count
 * ticked, a price range (either bound or both) and each airline ticked. The sort is no filter.
 */
export function countActiveViewFilters(filters: ViewFilterState): number {
  const price = priceBoundPaise(filters.minPrice) !== null || priceBoundPaise(filters.maxPrice) !== null
  return filters.stops.size + (price ? 1 : 0) + filters.airlines.size
}

/** Every filter off, the sort kept. */
export function clearedViewFilters(filters: ViewFilterState): ViewFilterState {
  return { ...INITIAL_VIEW_FILTERS, sort: filters.sort }
}

interface ViewFilterPanelProps {
  value: ViewFilterState
  onChange: (value: ViewFilterState) => void
  airlines: { code: string; name: string }[]
}

/**
 * The search view's filters: stop counts, price and airlines. (The sort is a row of buttons above the
 * list, or a select in the bar on a phone.)
 */
export function ViewFilterPanel({ value, onChange, airlines }: ViewFilterPanelProps) {
  // The same functions on every render: the price fields and the airline list are memoised.
  const setPrices = useStableHandler((bounds: { minPrice: string; maxPrice: string }) =>
    onChange({ ...value, ...bounds }),
  )
  const setAirlines = useStableHandler((checked: Set<string>) => onChange({ ...value, airlines: checked }))
  return (
    <Stack gap="5">
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Stops</Fieldset.Legend>
        <Stack gap="2" mt="2">
          {STOP_BUCKETS.map((b) => (
            <CheckboxChoice
              key={b}
              checked={value.stops.has(b)}
              onChange={(on) => onChange({ ...value, stops: toggled(value.stops, b, on) })}
            >
              {STOP_BUCKET_LABELS[b]}
            </CheckboxChoice>
          ))}
        </Stack>
      </Fieldset.Root>
      <PriceFields minPrice={value.minPrice} maxPrice={value.maxPrice} onChange={setPrices} />
      {airlines.length > 0 ? (
        <AirlineChecklist airlines={airlines} checked={value.airlines} onChange={setAirlines} />
      ) : null}
    </Stack>
  )
}

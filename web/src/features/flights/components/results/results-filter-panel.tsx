import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Stack } from '@chakra-ui/react/stack'
import { memo, useId } from 'react'
import { RadioChoice } from '@/components/ui/choice'
import { useStableHandler } from '@/hooks/use-stable-handler'
import {
  airlineCodesFrom,
  INITIAL_FILTERS,
  priceBoundPaise,
  RESULTS_SORT_LABELS,
  RESULTS_SORTS,
  STOPS_LABELS,
  STOPS_OPTIONS,
  type FilterState,
  type StopsFilter,
} from '../../lib/filters'
import { AirlineChecklist, PriceFields } from '../filter-controls'

/** What the panel holds: the filter state, and the airline codes typed into its free-text box. */
export interface ResultsPanelState extends FilterState {
  airlineText: string
}

export const INITIAL_PANEL: ResultsPanelState = { ...INITIAL_FILTERS, airlineText: '' }

/** The filters a panel's state stands for: the airlines ticked and those typed as codes together. */
export function panelFilter(panel: ResultsPanelState): FilterState {
  return { ...panel, airlines: new Set([...panel.airlines, ...airlineCodesFrom(panel.airlineText)]) }
}

/**
 * How many filters a panel's state applies, as the Filters button counts them: a stops choice,
 * a price range (either bound or both), and each airline, ticked or typed. The sort is no filter.
 */
export function countActiveFilters(panel: ResultsPanelState): number {
  const price = priceBoundPaise(panel.minPrice) !== null || priceBoundPaise(panel.maxPrice) !== null
  return (panel.stops === 'any' ? 0 : 1) + (price ? 1 : 0) + panelFilter(panel).airlines.size
}

/** The panel cleared: every filter off, the sort kept. */
export function clearedPanel(panel: ResultsPanelState): ResultsPanelState {
  return { ...INITIAL_PANEL, sort: panel.sort }
}

type Patch = (patch: Partial<ResultsPanelState>) => void

const SortField = memo(function SortField({ sort, onChange }: { sort: string; onChange: Patch }) {
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">Sort by</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={sort} onChange={(e) => onChange({ sort: e.target.value })}>
          {RESULTS_SORTS.map((s) => (
            <option key={s} value={s}>
              {RESULTS_SORT_LABELS[s]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
})

const StopsField = memo(function StopsField({ stops, onChange }: { stops: StopsFilter; onChange: Patch }) {
  const name = useId()
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">Stops</Fieldset.Legend>
      {/* Native radio buttons (as the airlines' checkboxes): a tap changes them at once, with no state
          machine of their own to render again on every change of the panel. */}
      <Stack gap="1" mt="2">
        {STOPS_OPTIONS.map((s) => (
          <RadioChoice
            key={s}
            name={name}
            value={s}
            checked={stops === s}
            onChange={(on) => on && onChange({ stops: s })}
          >
            {STOPS_LABELS[s]}
          </RadioChoice>
        ))}
      </Stack>
    </Fieldset.Root>
  )
})

const AirlineCodesField = memo(function AirlineCodesField({ text, onChange }: { text: string; onChange: Patch }) {
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">Airline codes</Field.Label>
      <Input
        size="sm"
        autoComplete="off"
        placeholder="e.g. 6E, AI"
        value={text}
        onChange={(e) => onChange({ airlineText: e.target.value.toUpperCase() })}
      />
      <Field.HelperText>Separate codes with commas.</Field.HelperText>
    </Field.Root>
  )
})

const ClearButton = memo(function ClearButton({ onClear }: { onClear: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClear}>
      Clear filters
    </Button>
  )
})

interface ResultsFilterPanelProps {
  value: ResultsPanelState
  /** The panel's new state; `typed` when it comes from typing into a field rather than a choice. */
  onChange: (value: ResultsPanelState, typed: boolean) => void
  airlines: { code: string; name: string }[]
  /** In the phone's sheet: without the sort (in the bar above the list) and the clear button (in the sheet's footer). */
  inSheet?: boolean
}

/**
 * The results screen's filters (spec 2.13): sort, stops, price, airlines. Each
 * part renders again only when its own value changes, so a tap on one filter
 * costs that filter's rendering alone.
 */
export function ResultsFilterPanel({ value, onChange, airlines, inSheet = false }: ResultsFilterPanelProps) {
  const set = useStableHandler((patch: Partial<ResultsPanelState>) => onChange({ ...value, ...patch }, false))
  const type = useStableHandler((patch: Partial<ResultsPanelState>) => onChange({ ...value, ...patch }, true))
  const setAirlines = useStableHandler((checked: Set<string>) => set({ airlines: checked }))
  const clear = useStableHandler(() => onChange(clearedPanel(value), false))
  return (
    <Stack gap="5" as="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      {inSheet ? null : <SortField sort={value.sort} onChange={set} />}
      <StopsField stops={value.stops} onChange={set} />
      <PriceFields minPrice={value.minPrice} maxPrice={value.maxPrice} onChange={type} />
      {/* The airlines are known only once the results arrive; below the fields shown while they
          load, their list grows the panel without moving what a phone's screen already shows. */}
      {airlines.length > 0 ? (
        <AirlineChecklist airlines={airlines} checked={value.airlines} onChange={setAirlines} />
      ) : null}
      <AirlineCodesField text={value.airlineText} onChange={type} />
      {inSheet ? null : <ClearButton onClear={clear} />}
    </Stack>
  )
}

import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Stack } from '@chakra-ui/react/stack'
import { useId } from 'react'
import { RadioChoice } from '@/components/ui/choice'
import {
  INITIAL_FILTERS,
  RESULTS_SORT_LABELS,
  RESULTS_SORTS,
  STOPS_LABELS,
  STOPS_OPTIONS,
  type FilterState,
} from '../../lib/filters'
import { AirlineChecklist, PriceFields } from '../filter-controls'

/** What the panel holds: the filter state, and the airline codes typed into its free-text box. */
export interface ResultsPanelState extends FilterState {
  airlineText: string
}

export const INITIAL_PANEL: ResultsPanelState = { ...INITIAL_FILTERS, airlineText: '' }

interface ResultsFilterPanelProps {
  value: ResultsPanelState
  onChange: (value: ResultsPanelState) => void
  airlines: { code: string; name: string }[]
}

/** The results screen's filters (spec 2.13): stops, airlines, price, sort. */
export function ResultsFilterPanel({ value, onChange, airlines }: ResultsFilterPanelProps) {
  const set = (patch: Partial<ResultsPanelState>) => onChange({ ...value, ...patch })
  const stopsName = useId()
  return (
    <Stack gap="5" as="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <Field.Root>
        <Field.Label fontWeight="semibold">Sort by</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={value.sort} onChange={(e) => set({ sort: e.target.value })}>
            {RESULTS_SORTS.map((s) => (
              <option key={s} value={s}>
                {RESULTS_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Stops</Fieldset.Legend>
        {/* Native radio buttons (as the airlines' checkboxes): a tap changes them at once, with no state
            machine of their own to render again on every change of the panel. */}
        <Stack gap="1" mt="2">
          {STOPS_OPTIONS.map((s) => (
            <RadioChoice
              key={s}
              name={stopsName}
              value={s}
              checked={value.stops === s}
              onChange={(on) => on && set({ stops: s })}
            >
              {STOPS_LABELS[s]}
            </RadioChoice>
          ))}
        </Stack>
      </Fieldset.Root>

      {airlines.length > 0 ? (
        <AirlineChecklist
          airlines={airlines}
          checked={value.airlines}
          onChange={(checked) => set({ airlines: checked })}
        />
      ) : null}

      <Field.Root>
        <Field.Label fontWeight="semibold">Airline codes</Field.Label>
        <Input
          size="sm"
          autoComplete="off"
          placeholder="e.g. 6E, AI"
          value={value.airlineText}
          onChange={(e) => set({ airlineText: e.target.value.toUpperCase() })}
        />
        <Field.HelperText>Separate codes with commas.</Field.HelperText>
      </Field.Root>

      <PriceFields minPrice={value.minPrice} maxPrice={value.maxPrice} onChange={(bounds) => set(bounds)} />

      <Button size="sm" variant="outline" onClick={() => onChange({ ...INITIAL_PANEL, sort: value.sort })}>
        Clear filters
      </Button>
    </Stack>
  )
}

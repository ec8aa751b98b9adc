import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { CheckboxChoice, RadioChoice } from '@/components/ui/choice'
import { DateField } from '@/components/ui/date-field'
import { paths } from '@/config/paths'
import { useAirports } from '../../hooks/use-static-lists'
import { todayISO } from '@/lib/calendar-date'
import { usePrerendering } from '@/lib/prerendering'
import { departureMin, initialSearchForm, returnMin, withDeparture } from '../../lib/search-form'
import {
  buildSearchParams,
  CABIN_LABELS,
  CABINS,
  type Cabin,
  type SearchForm,
  type TripType,
  withTravellers,
} from '../../lib/search-query'
import { AirportCombobox } from './airport-combobox'
import { MultiCityLegs } from './multi-city-legs'
import { TravellerCounters } from './traveller-counters'

const TRIP_TYPES: ReadonlyArray<{ value: TripType; label: string }> = [
  { value: 'round', label: 'Round trip' },
  { value: 'oneway', label: 'One way' },
  { value: 'multi', label: 'Multi-city' },
]

interface FlightSearchFormProps {
  /** Values to start from, such as a search read from the URL. */
  initial?: Partial<SearchForm>
  /** What a submitted search does; by default it opens /flights with its query (spec 2.4). */
  onSubmit?: (form: SearchForm) => void
}

/** The flight search form of spec 2.4: round trip, one way or multi-city. No field is required (spec 5). */
export function FlightSearchForm({ initial, onSubmit }: FlightSearchFormProps) {
  const navigate = useNavigate()
  // The airport list is large: it is fetched once the form is first used, not with the page.
  const [used, setUsed] = useState(false)
  const airports = useAirports({ enabled: used })
  // Rendered ahead of time, the form has no today: its dates start empty until the app runs.
  const prerendering = usePrerendering()
  const [today] = useState(() => (prerendering ? '' : todayISO()))
  const [form, setForm] = useState(() => initialSearchForm(initial, today))
  // The latest values, written as each change is made, so that a submit in
  // the same keystroke (Enter in an airport input) sees it.
  const latest = useRef(form)
  const [moreOptions, setMoreOptions] = useState(false)
  const moreId = useId()
  const tripTypeName = useId()

  function update(change: (current: SearchForm) => SearchForm) {
    latest.current = change(latest.current)
    setForm(latest.current)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const search = latest.current
    if (onSubmit) onSubmit(search)
    else void navigate(paths.flights(buildSearchParams(search)))
  }

  const multi = form.type === 'multi'

  return (
    <Box as="form" onSubmit={submit} onFocus={() => setUsed(true)} aria-label="Search flights">
      <Stack gap="5">
        <HStack role="radiogroup" aria-label="Trip type" gap={{ base: '4', md: '6' }} wrap="wrap">
          {TRIP_TYPES.map((t) => (
            <RadioChoice
              key={t.value}
              name={tripTypeName}
              value={t.value}
              checked={form.type === t.value}
              onChange={(checked) => checked && update((f) => ({ ...f, type: t.value }))}
            >
              {t.label}
            </RadioChoice>
          ))}
        </HStack>

        {multi ? (
          <MultiCityLegs
            legs={form.legs}
            airports={airports}
            today={today}
            onChange={(legs) => update((f) => ({ ...f, legs }))}
          />
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            <AirportCombobox
              label="From"
              value={form.from}
              airports={airports}
              placeholder="City or airport"
              onChange={(from) => update((f) => ({ ...f, from }))}
            />
            <AirportCombobox
              label="To"
              value={form.to}
              airports={airports}
              placeholder="City or airport"
              onChange={(to) => update((f) => ({ ...f, to }))}
            />
            <DateField
              label="Departure"
              value={form.date}
              min={departureMin(today)}
              onChange={(date) => update((f) => withDeparture(f, date))}
            />
            {form.type === 'round' ? (
              <DateField
                label="Return"
                value={form.returnDate}
                min={returnMin(form.date, today)}
                onChange={(returnDate) => update((f) => ({ ...f, returnDate }))}
              />
            ) : null}
          </SimpleGrid>
        )}

        <TravellerCounters value={form} onChange={(kind, count) => update((f) => withTravellers(f, kind, count))} />

        {multi ? null : (
          <Box>
            <Button
              variant="plain"
              px="0"
              color="brand.fg"
              aria-expanded={moreOptions}
              aria-controls={moreId}
              onClick={() => setMoreOptions((open) => !open)}
            >
              {moreOptions ? 'Less options' : 'More options'}
            </Button>
            <Box id={moreId} hidden={!moreOptions}>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" pt="2" alignItems="end">
                <Field.Root>
                  <Field.Label>Cabin</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={form.cabin}
                      onChange={(e) => update((f) => ({ ...f, cabin: e.target.value as Cabin }))}
                    >
                      {CABINS.map((c) => (
                        <option key={c} value={c}>
                          {CABIN_LABELS[c]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>Airline</Field.Label>
                  <Input
                    value={form.airline}
                    placeholder="Airline code, e.g. AI"
                    autoComplete="off"
                    maxLength={3}
                    onChange={(e) => update((f) => ({ ...f, airline: e.target.value.toUpperCase() }))}
                  />
                </Field.Root>
                <Box pb="2">
                  <CheckboxChoice checked={form.nonstop} onChange={(nonstop) => update((f) => ({ ...f, nonstop }))}>
                    Non-stop only
                  </CheckboxChoice>
                </Box>
              </SimpleGrid>
            </Box>
          </Box>
        )}

        <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-end' }}>
          Search Flights
        </Button>
      </Stack>
    </Box>
  )
}

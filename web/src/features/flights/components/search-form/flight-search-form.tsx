import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { memo, useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react'
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
  type TravellerKind,
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

/** Changes the form's values: each field's handler goes through it, and keeps its identity across renders. */
type Update = (change: (current: SearchForm) => SearchForm) => void

// One element for every render: React passes over it when the form's values change.
const SEARCH_BUTTON = (
  <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-end' }}>
    Search Flights
  </Button>
)

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
  // Kept here, not in More options: a switch to multi-city and back finds the options as they were left.
  const [moreOpen, setMoreOpen] = useState(false)
  const toggleMore = useCallback(() => setMoreOpen((open) => !open), [])
  const tripTypeName = useId()

  // A change re-renders only the fields it touches: the fields are memoised and their handlers keep
  // their identity, so that a tap on "One way" does not restyle every field of the form (Chakra's
  // styles are worked out anew for each component that renders; about 260 ms of a tap on a slow phone).
  const update: Update = useCallback((change) => {
    latest.current = change(latest.current)
    setForm(latest.current)
  }, [])
  const setFrom = useCallback((from: string) => update((f) => ({ ...f, from })), [update])
  const setTo = useCallback((to: string) => update((f) => ({ ...f, to })), [update])
  const setDeparture = useCallback((date: string) => update((f) => withDeparture(f, date)), [update])
  const setReturn = useCallback((returnDate: string) => update((f) => ({ ...f, returnDate })), [update])
  const setLegs = useCallback((legs: SearchForm['legs']) => update((f) => ({ ...f, legs })), [update])
  const setTravellers = useCallback(
    (kind: TravellerKind, count: number) => update((f) => withTravellers(f, kind, count)),
    [update],
  )
  const { adults, children, infants } = form
  const travellers = useMemo(() => ({ adults, children, infants }), [adults, children, infants])

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
          <MultiCityLegs legs={form.legs} airports={airports} today={today} onChange={setLegs} />
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            <AirportCombobox
              label="From"
              value={form.from}
              airports={airports}
              placeholder="City or airport"
              onChange={setFrom}
            />
            <AirportCombobox
              label="To"
              value={form.to}
              airports={airports}
              placeholder="City or airport"
              onChange={setTo}
            />
            <DateField label="Departure" value={form.date} min={departureMin(today)} onChange={setDeparture} />
            {form.type === 'round' ? (
              <DateField
                label="Return"
                value={form.returnDate}
                min={returnMin(form.date, today)}
                onChange={setReturn}
              />
            ) : null}
          </SimpleGrid>
        )}

        <TravellerCounters value={travellers} onChange={setTravellers} />

        {multi ? null : (
          <MoreOptions
            open={moreOpen}
            onToggle={toggleMore}
            cabin={form.cabin}
            airline={form.airline}
            nonstop={form.nonstop}
            update={update}
          />
        )}

        {SEARCH_BUTTON}
      </Stack>
    </Box>
  )
}

/** "More options": the cabin, the airline and non-stop, folded away until asked for. */
const MoreOptions = memo(function MoreOptions({
  open,
  onToggle,
  cabin,
  airline,
  nonstop,
  update,
}: Pick<SearchForm, 'cabin' | 'airline' | 'nonstop'> & { open: boolean; onToggle(): void; update: Update }) {
  const id = useId()
  return (
    <Box>
      <Button variant="plain" px="0" color="brand.fg" aria-expanded={open} aria-controls={id} onClick={onToggle}>
        {open ? 'Less options' : 'More options'}
      </Button>
      <Box id={id} hidden={!open}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" pt="2" alignItems="end">
          <Field.Root>
            <Field.Label>Cabin</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={cabin}
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
              value={airline}
              placeholder="Airline code, e.g. AI"
              autoComplete="off"
              maxLength={3}
              onChange={(e) => update((f) => ({ ...f, airline: e.target.value.toUpperCase() }))}
            />
          </Field.Root>
          <Box pb="2">
            <CheckboxChoice checked={nonstop} onChange={(checked) => update((f) => ({ ...f, nonstop: checked }))}>
              Non-stop only
            </CheckboxChoice>
          </Box>
        </SimpleGrid>
      </Box>
    </Box>
  )
})

import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Popover } from '@chakra-ui/react/popover'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { CounterStepper } from '@/components/ui/counter-stepper'
import { todayISO } from '@/lib/calendar-date'
import { CRUISE_DESTINATIONS, CRUISE_DURATIONS, CRUISE_PORTS } from '../data/cruises'
import {
  canSearchCruises,
  cruiseSearchHref,
  INITIAL_CRUISE_SEARCH,
  missingCruiseFields,
  monthLabel,
  TRAVELLER_LIMITS,
  travellersText,
  upcomingMonths,
  type CruiseSearch,
} from '../lib/cruise-search'

interface ChoiceProps {
  label: string
  value: string
  placeholder: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}

function Choice({ label, value, placeholder, options, onChange }: ChoiceProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} bg="bg.card">
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

function listed(items: readonly string[]) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/**
 * The cruise search (spec 2.7, 5): nothing is booked here; Search hands the
 * choices to the concierge. It stays disabled, saying what is missing, until
 * Going to, Departure port and Duration are chosen.
 */
export function CruiseSearchBar() {
  const navigate = useNavigate()
  const hintId = useId()
  const [months] = useState(() => upcomingMonths(todayISO()))
  const [search, setSearch] = useState<CruiseSearch>(INITIAL_CRUISE_SEARCH)
  const missing = missingCruiseFields(search)
  const ready = canSearchCruises(search)

  function set<K extends keyof CruiseSearch>(key: K, value: CruiseSearch[K]) {
    setSearch((s) => ({ ...s, [key]: value }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (ready) void navigate(cruiseSearchHref(search))
  }

  return (
    <Box
      as="form"
      aria-label="Search cruises"
      onSubmit={submit}
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="2xl"
      p={{ base: '4', md: '6' }}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3" alignItems="end">
          <Choice
            label="Going to"
            placeholder="Choose a destination"
            value={search.destination}
            options={asOptions(CRUISE_DESTINATIONS)}
            onChange={(v) => set('destination', v as CruiseSearch['destination'])}
          />
          <Choice
            label="Departure port"
            placeholder="Choose a port"
            value={search.port}
            options={asOptions(CRUISE_PORTS)}
            onChange={(v) => set('port', v as CruiseSearch['port'])}
          />
          <Choice
            label="Travel dates"
            placeholder="Any month"
            value={search.month}
            options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
            onChange={(v) => set('month', v)}
          />
          <Choice
            label="Duration"
            placeholder="Choose a duration"
            value={search.duration}
            options={asOptions(CRUISE_DURATIONS)}
            onChange={(v) => set('duration', v as CruiseSearch['duration'])}
          />
          <Field.Root>
            <Field.Label>Travellers</Field.Label>
            <Popover.Root lazyMount positioning={{ placement: 'bottom-end' }}>
              <Popover.Trigger asChild>
                <Button variant="outline" bg="bg.card" w="full" justifyContent="space-between" fontWeight="normal">
                  {travellersText(search)}
                </Button>
              </Popover.Trigger>
              <Popover.Positioner>
                <Popover.Content w="72">
                  <Popover.Body>
                    <Stack gap="4">
                      <CounterStepper
                        label="Adults"
                        noun="adult"
                        hint="12 years and above"
                        value={search.adults}
                        min={TRAVELLER_LIMITS.adults.min}
                        max={TRAVELLER_LIMITS.adults.max}
                        onChange={(adults) => set('adults', adults)}
                      />
                      <CounterStepper
                        label="Children"
                        noun="child"
                        hint="Under 12 years"
                        value={search.children}
                        min={TRAVELLER_LIMITS.children.min}
                        max={TRAVELLER_LIMITS.children.max}
                        onChange={(children) => set('children', children)}
                      />
                    </Stack>
                  </Popover.Body>
                </Popover.Content>
              </Popover.Positioner>
            </Popover.Root>
          </Field.Root>
        </SimpleGrid>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="3">
          <Text id={hintId} fontSize="sm" color="fg.muted" aria-live="polite">
            {ready ? 'Our cruise concierge will send you sailings that match.' : `Choose ${listed(missing)} to search.`}
          </Text>
          <Button
            type="submit"
            colorPalette="terracotta"
            bg="terracotta.600"
            _hover={ready ? { bg: 'terracotta.700' } : undefined}
            size="lg"
            disabled={!ready}
            aria-describedby={hintId}
            _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
          >
            Search
          </Button>
        </Stack>
      </Stack>
    </Box>
  )
}

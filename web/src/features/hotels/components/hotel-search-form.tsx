import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Input } from '@chakra-ui/react/input'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { useState, type FormEvent } from 'react'
import { CounterStepper } from '@/components/ui/counter-stepper'
import { DateField } from '@/components/ui/date-field'
import { todayISO } from '@/lib/calendar-date'
import { checkOutMin, hotelAlertText, initialHotelSearch, ROOM_LIMITS, withCheckIn } from '../lib/hotel-search'

/** The hotel search of spec 2.4: one room; submitting only tells the visitor what was asked for. */
export function HotelSearchForm() {
  const [today] = useState(() => todayISO())
  const [search, setSearch] = useState(initialHotelSearch)

  function submit(event: FormEvent) {
    event.preventDefault()
    window.alert(hotelAlertText(search))
  }

  return (
    <Box as="form" onSubmit={submit} aria-label="Search hotels">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root>
            <Field.Label>Hotel location</Field.Label>
            <Input
              value={search.location}
              placeholder="City or area"
              autoComplete="off"
              onChange={(e) => setSearch((s) => ({ ...s, location: e.target.value }))}
            />
          </Field.Root>
          <DateField
            label="Check-in"
            value={search.checkIn}
            min={today}
            onChange={(checkIn) => setSearch((s) => withCheckIn(s, checkIn))}
          />
          <DateField
            label="Check-out"
            value={search.checkOut}
            min={checkOutMin(search.checkIn, today)}
            onChange={(checkOut) => setSearch((s) => ({ ...s, checkOut }))}
          />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" color="brand.fg">
            Room 1
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={{ base: '3', sm: '6' }} mt="2" maxW="xl">
            <CounterStepper
              label="Adults"
              noun="adult"
              value={search.adults}
              min={ROOM_LIMITS.adults.min}
              max={ROOM_LIMITS.adults.max}
              onChange={(adults) => setSearch((s) => ({ ...s, adults }))}
            />
            <CounterStepper
              label="Children"
              noun="child"
              value={search.children}
              min={ROOM_LIMITS.children.min}
              max={ROOM_LIMITS.children.max}
              onChange={(children) => setSearch((s) => ({ ...s, children }))}
            />
          </SimpleGrid>
        </Fieldset.Root>
        <HStack justify="space-between" wrap="wrap" gap="3">
          {/* One room per search for now (spec 9): the link is shown but does nothing. */}
          <Button type="button" variant="plain" px="0" color="brand.fg" aria-disabled="true">
            Add another room
          </Button>
          <Button type="submit" colorPalette="brand" size="lg" flexGrow={{ base: 1, sm: 0 }}>
            Find Hotels
          </Button>
        </HStack>
      </Stack>
    </Box>
  )
}

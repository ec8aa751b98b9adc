import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { useState, type FormEvent } from 'react'
import { DateField } from '@/components/ui/date-field'
import { isISODate } from '@/lib/calendar-date'
import { CABIN_LABELS, CABINS, TRAVELLER_LIMITS, type Cabin, type SearchQuery } from '../../lib/search-query'

export interface ReaderValues {
  from: string
  to: string
  date: string
  adults: number
  cabin: Cabin
}

interface SearchReaderProps {
  query: SearchQuery
  today: string
  onSearch: (values: ReaderValues) => void
}

const ADULTS = Array.from(
  { length: TRAVELLER_LIMITS.adults.max - TRAVELLER_LIMITS.adults.min + 1 },
  (_, i) => TRAVELLER_LIMITS.adults.min + i,
)

/** The date, shown dd-MM-yyyy as everywhere else (a native date input writes it the browser's way). */
function ReaderDate({ initial, min }: { initial: string; min: string }) {
  const [date, setDate] = useState(initial)
  return (
    <Box>
      <DateField label="Date" value={date} min={min} onChange={setDate} />
      <input type="hidden" name="date" value={date} />
    </Box>
  )
}

/**
 * The search as this page reads it (from, to, date, adults, cabin), open to
 * change in place. Its fields start from the URL each time the URL changes.
 */
export function SearchReader({ query, today, onSearch }: SearchReaderProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    const date = text('date')
    onSearch({
      from: text('from').toUpperCase() || query.from,
      to: text('to').toUpperCase() || query.to,
      date: isISODate(date) ? date : query.date,
      adults: Number(text('adults')) || query.adults,
      cabin: (CABINS as readonly string[]).includes(text('cabin')) ? (text('cabin') as Cabin) : query.cabin,
    })
  }
  return (
    <form
      key={`${query.from}-${query.to}-${query.date}-${query.adults}-${query.cabin}`}
      aria-label="Search reader"
      onSubmit={submit}
    >
      <SimpleGrid columns={{ base: 2, md: 6 }} gap="3" alignItems="end">
        <Field.Root>
          <Field.Label>From</Field.Label>
          <Input name="from" defaultValue={query.from} maxLength={3} textTransform="uppercase" autoComplete="off" />
        </Field.Root>
        <Field.Root>
          <Field.Label>To</Field.Label>
          <Input name="to" defaultValue={query.to} maxLength={3} textTransform="uppercase" autoComplete="off" />
        </Field.Root>
        <ReaderDate initial={query.date} min={today} />
        <Field.Root>
          <Field.Label>Adults</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="adults" defaultValue={String(query.adults)}>
              {ADULTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Cabin</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="cabin" defaultValue={query.cabin}>
              {CABINS.map((c) => (
                <option key={c} value={c}>
                  {CABIN_LABELS[c]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" bg="accent.solid" color="accent.contrast" _hover={{ bg: 'accent.hover' }}>
          Search
        </Button>
      </SimpleGrid>
    </form>
  )
}

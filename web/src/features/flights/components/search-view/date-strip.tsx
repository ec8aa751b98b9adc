import { Button } from '@chakra-ui/react/button'
import { Grid } from '@chakra-ui/react/grid'
import { Text } from '@chakra-ui/react/text'
import { skipToken, useQueries } from '@tanstack/react-query'
import { formatINR } from '@/lib/money'
import { flightSearchKey, type SearchAnswer } from '../../hooks/use-flight-search'
import { addDays, formatShortDay } from '../../lib/dates'
import { lowestPrice } from '../../lib/results'
import { toSearchInput, type SearchQuery } from '../../lib/search-query'

/** The strip's reach either side of the chosen day (spec 9: ±3). */
export const STRIP_DAYS = 3

export function stripDays(date: string): string[] {
  return Array.from({ length: STRIP_DAYS * 2 + 1 }, (_, i) => addDays(date, i - STRIP_DAYS))
}

interface DateStripProps {
  query: SearchQuery
  today: string
  onPick: (date: string) => void
}

/**
 * Seven days around the chosen one. Each shows the lowest fare of a search
 * already made for that day with the same route, travellers and cabin: the
 * strip only reads the cache (every search is a supplier call), so a day not
 * yet searched shows a dash.
 */
export function DateStrip({ query, today, onPick }: DateStripProps) {
  const days = stripDays(query.date)
  const cached = useQueries({
    queries: days.map((date) => ({
      queryKey: flightSearchKey(toSearchInput(query, { from: query.from, to: query.to, date })),
      queryFn: skipToken,
      select: (answer: SearchAnswer) => lowestPrice(answer.lists[0] ?? []),
    })),
  })
  return (
    <Grid as="nav" aria-label="Departure date" templateColumns="repeat(7, minmax(0, 1fr))" gap="1">
      {days.map((date, i) => {
        const low = cached[i]?.data ?? null
        const chosen = date === query.date
        const fare = low === null ? '—' : formatINR(low)
        return (
          <Button
            key={date}
            variant={chosen ? 'solid' : 'outline'}
            bg={chosen ? 'brand.solid' : 'bg.card'}
            color={chosen ? 'brand.contrast' : 'fg'}
            h="auto"
            py="2"
            px="1"
            flexDirection="column"
            gap="0"
            minW="0"
            disabled={date < today}
            aria-current={chosen ? 'date' : undefined}
            onClick={() => onPick(date)}
            data-testid="strip-day"
          >
            {/* Read as "Thu, 26 Nov from ₹4,523": the visible text, joined by a word only screen readers get. */}
            <Text fontSize="xs" fontWeight="semibold" truncate maxW="full">
              {formatShortDay(date)}
            </Text>
            <Text fontSize="xs" truncate maxW="full" data-testid="strip-fare">
              {low === null ? (
                <>
                  <span aria-hidden="true">{fare}</span>
                  <Text as="span" srOnly>
                    fare not known yet
                  </Text>
                </>
              ) : (
                <>
                  <Text as="span" srOnly>
                    from
                  </Text>{' '}
                  {fare}
                </>
              )}
            </Text>
          </Button>
        )
      })}
    </Grid>
  )
}

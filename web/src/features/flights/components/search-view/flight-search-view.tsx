import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { DataList } from '@chakra-ui/react/data-list'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Grid } from '@chakra-ui/react/grid'
import { Group } from '@chakra-ui/react/group'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CheckboxChoice } from '@/components/ui/choice'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { formatMoney } from '@/lib/money'
import { useChooseFlight } from '../../hooks/use-choose-flight'
import { useFlightSearches } from '../../hooks/use-flight-search'
import { useAirlineNames } from '../../hooks/use-static-lists'
import { formatLastTicketDate } from '../../lib/dates'
import { todayISO } from '@/lib/calendar-date'
import { searchViewFareLink } from '../../lib/fare-link'
import {
  airlinesOf,
  applyViewFilters,
  INITIAL_VIEW_FILTERS,
  STOP_BUCKET_LABELS,
  STOP_BUCKETS,
  VIEW_SORT_LABELS,
  VIEW_SORTS,
  type ViewFilterState,
} from '../../lib/filters'
import type { ListFlight } from '../../lib/results'
import { parseSearchQuery, toSearchInput, travellerSummary, CABIN_LABELS } from '../../lib/search-query'
import { AirlineChecklist, FiltersFrame, PriceFields, toggled } from '../filter-controls'
import { FlightCard, flightName, SelectFlightButton } from '../flight-card'
import { VirtualFlightList } from '../virtual-flight-list'
import { DateStrip } from './date-strip'
import { SearchReader, type ReaderValues } from './search-reader'

const NONE: readonly ListFlight[] = []

/** Base fare, taxes, total, refundability, baggage and last ticket date of one result. */
function FareDetails({ flight, id }: { flight: ListFlight; id: string }) {
  const lastTicket = formatLastTicketDate(flight.lastTicketDate)
  const baggage = flight.legs
    .flatMap((leg) => leg.segments)
    .filter((s) => s.baggage || s.cabinBaggage)
    .map((s) =>
      [
        `${s.origin} → ${s.destination}:`,
        s.baggage ? `${s.baggage} check-in` : '',
        s.cabinBaggage ? `${s.cabinBaggage} cabin` : '',
      ]
        .filter(Boolean)
        .join(' '),
    )
  const money = (amount: string | undefined) => (amount ? formatMoney(amount, flight.currency) : '')
  const rows: [string, string][] = [
    ['Base fare', money(flight.baseFare)],
    ['Taxes', money(flight.tax)],
    ['Total', money(flight.price)],
    ['Refundable', flight.refundable ? 'Refundable' : 'Non-refundable'],
  ]
  if (baggage.length > 0) rows.push(['Baggage', baggage.join('; ')])
  if (lastTicket) rows.push(['Last ticket date', lastTicket])
  return (
    <Box id={id} borderTopWidth="1px" pt="3" data-testid="fare-details">
      <DataList.Root orientation="horizontal" size="sm">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
      </DataList.Root>
    </Box>
  )
}

/** The /flights/form search view (spec 2.13's /flights/search view). */
export function FlightSearchView() {
  const [params, setParams] = useSearchParams()
  const today = todayISO()
  const query = useMemo(() => parseSearchQuery(params, today), [params, today])
  const input = useMemo(() => toSearchInput(query, { from: query.from, to: query.to, date: query.date }), [query])
  const inputs = useMemo(() => [input], [input])
  const [search] = useFlightSearches(inputs)
  const airlineNames = useAirlineNames()
  const choose = useChooseFlight()

  const [filters, setFilters] = useState<ViewFilterState>(INITIAL_VIEW_FILTERS)
  const deferred = useDeferredValue(filters)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const detailsPrefix = useId()

  const flights = search?.data?.lists[0] ?? NONE
  const shown = useMemo(() => applyViewFilters(flights, deferred), [flights, deferred])
  const airlines = useMemo(() => airlinesOf([flights]), [flights])
  const traceId = search?.data?.traceId ?? ''

  const set = (patch: Partial<ViewFilterState>) => setFilters((f) => ({ ...f, ...patch }))
  // The same functions on every render: the price fields and the airline list are memoised.
  const setPrices = useCallback(
    (bounds: { minPrice: string; maxPrice: string }) => setFilters((f) => ({ ...f, ...bounds })),
    [],
  )
  const setAirlines = useCallback((airlines: Set<string>) => setFilters((f) => ({ ...f, airlines })), [])
  const pickDate = (date: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p)
      next.set('date', date)
      return next
    })
  const reread = (v: ReaderValues) =>
    setParams((p) => {
      const next = new URLSearchParams(p)
      next.set('from', v.from)
      next.set('to', v.to)
      next.set('date', v.date)
      next.set('adults', String(v.adults))
      next.set('cabin', v.cabin)
      return next
    })
  const select = (flight: ListFlight) =>
    choose({
      flight,
      traceId,
      searchedAt: search?.data?.at ?? 0,
      from: query.from,
      to: query.to,
      date: query.date,
      href: searchViewFareLink(traceId, flight.id),
      travellers: query,
    })

  let body
  if (!search || search.isPending) {
    body = <Text color="fg.muted">Loading…</Text>
  } else if (search.isError) {
    body = (
      <Alert.Root status="warning" variant="subtle" role="alert" data-status="warning" data-testid="search-failure">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Failed to search flights</Alert.Title>
          {search.error.message ? <Alert.Description>{search.error.message}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
    )
  } else {
    body = (
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Showing {shown.length} of {flights.length} flights
        </Text>
        {shown.length === 0 ? (
          <Text>No flights match these filters.</Text>
        ) : (
          <VirtualFlightList
            flights={shown}
            label={`Flights ${query.from} → ${query.to}`}
            renderItem={(flight, index) => {
              const expanded = open.has(flight.id)
              const detailsId = `${detailsPrefix}-${index}`
              return (
                <FlightCard
                  flight={flight}
                  airlineNames={airlineNames}
                  actions={
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                        aria-label={`View prices of ${flightName(flight)}`}
                        onClick={() => setOpen((o) => toggled(o, flight.id, !expanded))}
                      >
                        View prices
                      </Button>
                      <SelectFlightButton flight={flight} onSelect={() => select(flight)} />
                    </>
                  }
                >
                  {expanded ? <FareDetails flight={flight} id={detailsId} /> : null}
                </FlightCard>
              )
            }}
          />
        )}
      </Stack>
    )
  }

  return (
    <PageContainer maxW="7xl" py={{ base: '4', md: '8' }}>
      <Stack gap="4">
        <PageHeading
          title="Search flights"
          description="Search flights by date across a week, sort by price, and pick the fare that suits you."
        />
        <Box bg="bg.card" borderWidth="1px" rounded="md" p="4">
          <SearchReader query={query} today={today} onSearch={reread} />
          <Text mt="3" fontSize="sm" color="fg.muted">
            {query.from} → {query.to} · {travellerSummary(query)} ·{' '}
            {query.cabin === 'any' ? 'Any cabin' : CABIN_LABELS[query.cabin]} ·{' '}
            <RouterLink to={paths.home} color="brand.fg" fontWeight="semibold">
              Change search
            </RouterLink>
          </Text>
        </Box>
        <DateStrip query={query} today={today} onPick={pickDate} />
        <Grid templateColumns={{ base: '1fr', lg: '18rem 1fr' }} gap="6" alignItems="start">
          <FiltersFrame>
            <Stack gap="5">
              <Fieldset.Root>
                <Fieldset.Legend fontWeight="semibold">Stops</Fieldset.Legend>
                <Stack gap="2" mt="2">
                  {STOP_BUCKETS.map((b) => (
                    <CheckboxChoice
                      key={b}
                      checked={filters.stops.has(b)}
                      onChange={(on) => set({ stops: toggled(filters.stops, b, on) })}
                    >
                      {STOP_BUCKET_LABELS[b]}
                    </CheckboxChoice>
                  ))}
                </Stack>
              </Fieldset.Root>
              <PriceFields minPrice={filters.minPrice} maxPrice={filters.maxPrice} onChange={setPrices} />
              {airlines.length > 0 ? (
                <AirlineChecklist airlines={airlines} checked={filters.airlines} onChange={setAirlines} />
              ) : null}
            </Stack>
          </FiltersFrame>
          <Stack gap="3" minW="0">
            <Group attached role="group" aria-label="Sort flights" flexWrap="wrap">
              {VIEW_SORTS.map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant={filters.sort === s ? 'solid' : 'outline'}
                  aria-pressed={filters.sort === s}
                  onClick={() => set({ sort: s })}
                >
                  {VIEW_SORT_LABELS[s]}
                </Button>
              ))}
            </Group>
            {body}
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  )
}

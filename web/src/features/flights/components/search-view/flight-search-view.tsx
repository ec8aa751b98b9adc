import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { DataList } from '@chakra-ui/react/data-list'
import { Grid } from '@chakra-ui/react/grid'
import { Group } from '@chakra-ui/react/group'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { formatMoney } from '@/lib/money'
import { useChooseFlight } from '../../hooks/use-choose-flight'
import { useFiltersInSheet } from '../../hooks/use-filter-sheet'
import { useFlightSearches } from '../../hooks/use-flight-search'
import { useAirlineNames } from '../../hooks/use-static-lists'
import { formatLastTicketDate, formatShortDay } from '../../lib/dates'
import { todayISO } from '@/lib/calendar-date'
import { searchViewFareLink } from '../../lib/fare-link'
import {
  airlinesOf,
  applyViewFilters,
  INITIAL_VIEW_FILTERS,
  VIEW_SORT_LABELS,
  VIEW_SORTS,
  type ViewFilterState,
} from '../../lib/filters'
import type { ListFlight } from '../../lib/results'
import { parseSearchQuery, toSearchInput, travellerSummary, CABIN_LABELS } from '../../lib/search-query'
import { FiltersFrame, toggled } from '../filter-controls'
import { PhoneFilters } from '../phone-filters'
import { FlightCard, flightName, SelectFlightButton } from '../flight-card'
import { VirtualFlightList } from '../virtual-flight-list'
import { DateStrip } from './date-strip'
import { SearchReader, type ReaderValues } from './search-reader'
import { clearedViewFilters, countActiveViewFilters, ViewFilterPanel } from './view-filter-panel'

const NONE: readonly ListFlight[] = []

/**
 * The search as read, on a phone: two short lines and a Modify search button that opens the search
 * reader in place, so that the flights start on the first screen.
 */
function CompactSearch({ title, details, children }: { title: ReactNode; details: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const readerId = useId()
  return (
    <Box bg="bg.card" borderWidth="1px" rounded="md" px="3" py="2">
      <Grid
        templateColumns="1fr auto"
        templateAreas='"title modify" "details details"'
        columnGap="2"
        alignItems="center"
      >
        <Text gridArea="title" fontSize="sm" fontWeight="semibold">
          {title}
        </Text>
        <Text gridArea="details" fontSize="sm" color="fg.muted">
          {details}
        </Text>
        <Button
          gridArea="modify"
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={readerId}
          onClick={() => setOpen((o) => !o)}
        >
          Modify search
        </Button>
      </Grid>
      <Box id={readerId} mt="3" display={open ? 'block' : 'none'}>
        {children}
      </Box>
    </Box>
  )
}

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

  const inSheet = useFiltersInSheet()
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

  const sorts = (
    <Group attached role="group" aria-label="Sort flights" flexWrap="wrap">
      {VIEW_SORTS.map((s) => (
        <Button
          key={s}
          size="sm"
          variant={filters.sort === s ? 'solid' : 'outline'}
          aria-pressed={filters.sort === s}
          onClick={() => setFilters((f) => ({ ...f, sort: s }))}
        >
          {VIEW_SORT_LABELS[s]}
        </Button>
      ))}
    </Group>
  )
  const reader = <SearchReader query={query} today={today} onSearch={reread} />
  const travellers = `${travellerSummary(query)} · ${query.cabin === 'any' ? 'Any cabin' : CABIN_LABELS[query.cabin]}`
  const changeSearch = (
    <RouterLink to={paths.home} color="brand.fg" fontWeight="semibold">
      Change search
    </RouterLink>
  )

  return (
    <PageContainer maxW="7xl" py={{ base: '4', md: '8' }}>
      <Stack gap="4">
        <PageHeading
          title="Search flights"
          description="Search flights by date across a week, sort by price, and pick the fare that suits you."
        />
        {inSheet ? (
          <CompactSearch
            title={`${query.from} → ${query.to} · ${formatShortDay(query.date)}`}
            details={
              <>
                {travellers} · {changeSearch}
              </>
            }
          >
            {reader}
          </CompactSearch>
        ) : (
          <Box bg="bg.card" borderWidth="1px" rounded="md" p="4">
            {reader}
            <Text mt="3" fontSize="sm" color="fg.muted">
              {query.from} → {query.to} · {travellers} · {changeSearch}
            </Text>
          </Box>
        )}
        <DateStrip query={query} today={today} onPick={pickDate} />
        {inSheet ? (
          <Stack gap="3" minW="0">
            <PhoneFilters
              applied={filters}
              onFilter={setFilters}
              sorts={VIEW_SORTS}
              sortLabels={VIEW_SORT_LABELS}
              countActive={countActiveViewFilters}
              countMatches={(draft) => applyViewFilters(flights, draft).length}
              cleared={clearedViewFilters}
              panel={(draft, change) => <ViewFilterPanel value={draft} onChange={change} airlines={airlines} />}
            />
            {body}
          </Stack>
        ) : (
          <Grid templateColumns="18rem 1fr" gap="6" alignItems="start">
            <FiltersFrame>
              <ViewFilterPanel value={filters} onChange={setFilters} airlines={airlines} />
            </FiltersFrame>
            <Stack gap="3" minW="0">
              {sorts}
              {body}
            </Stack>
          </Grid>
        )}
      </Stack>
    </PageContainer>
  )
}

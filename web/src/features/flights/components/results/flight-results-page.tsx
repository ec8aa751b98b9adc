import { Alert } from '@chakra-ui/react/alert'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { memo, startTransition, useCallback, useId, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { useStableHandler } from '@/hooks/use-stable-handler'
import { useChooseFlight } from '../../hooks/use-choose-flight'
import { useFiltersInSheet } from '../../hooks/use-filter-sheet'
import { useFlightSearches } from '../../hooks/use-flight-search'
import { useStableList } from '../../hooks/use-stable-list'
import { useAirlineNames } from '../../hooks/use-static-lists'
import type { AirlineNames } from '../../lib/airports'
import { todayISO } from '@/lib/calendar-date'
import { FIRST_SCREEN } from '@/lib/first-screen'
import { usePrerendering } from '@/lib/prerendering'
import { resultsFareLink } from '../../lib/fare-link'
import { airlinesOf, applyFilters, RESULTS_SORT_LABELS, RESULTS_SORTS } from '../../lib/filters'
import type { ListFlight } from '../../lib/results'
import { parseSearchQuery, searchesOf, searchRoute, searchSummary, type SearchQuery } from '../../lib/search-query'
import { sameSection, sectionsOf, type ResultSection } from '../../lib/sections'
import { FiltersFrame } from '../filter-controls'
import { PhoneFilters } from '../phone-filters'
import { FlightCard, SelectFlightButton } from '../flight-card'
import { VirtualFlightList } from '../virtual-flight-list'
import {
  clearedPanel,
  countActiveFilters,
  INITIAL_PANEL,
  panelFilter,
  ResultsFilterPanel,
  type ResultsPanelState,
} from './results-filter-panel'

export const EMPTY_TEXT = 'No flights match these filters. Try clearing some filters.'

/** 'Showing N of M results' for BOM → DEL on {date}, adults and cabin (spec 2.13). */
const SearchBanner = memo(function SearchBanner({
  query,
  shown,
  total,
}: {
  query: SearchQuery
  shown: number
  total: number
}) {
  // Rendered ahead of time (pages/flights.html), the line is laid out but hidden: boot.ts writes the
  // address's search into it as the page loads, before the app has.
  const prerendering = usePrerendering()
  // On a phone the link shares the first line with the count, which keeps the banner two lines tall.
  return (
    <Grid
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="md"
      px={{ base: '3', lg: '4' }}
      py={{ base: '2', lg: '3' }}
      columnGap="3"
      templateColumns="1fr auto"
      templateAreas={{ base: '"count change" "route route"', lg: '"count change" "route change"' }}
      alignItems="center"
      data-testid="search-banner"
    >
      <Text gridArea="count" fontWeight="semibold" fontSize={{ base: 'sm', lg: 'md' }}>
        Showing {shown} of {total} results
      </Text>
      <Text
        gridArea="route"
        fontSize="sm"
        color="fg.muted"
        visibility={prerendering ? 'hidden' : undefined}
        data-first-screen={prerendering ? FIRST_SCREEN.searchSummary : undefined}
      >
        {searchSummary(query)}
      </Text>
      <RouterLink
        gridArea="change"
        to={paths.home}
        fontWeight="semibold"
        fontSize={{ base: 'sm', lg: 'md' }}
        color="brand.fg"
      >
        Change search
      </RouterLink>
    </Grid>
  )
})

/** The red box of a failed search, with the API's words under it. */
function LoadFailure({ message }: { message: string }) {
  return (
    <Alert.Root status="error" variant="subtle" role="alert" data-status="error" data-testid="load-failure">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Failed to load flights</Alert.Title>
        {message ? <Alert.Description>{message}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  )
}

interface SectionProps {
  section: ResultSection
  shown: readonly ListFlight[]
  headed: boolean
  airlineNames: AirlineNames
  /** Chooses a flight of the section named by its key; the same function from render to render. */
  onSelect: (sectionKey: string, flight: ListFlight) => void
}

interface FlightListProps {
  flights: readonly ListFlight[]
  label: string
  sectionKey: string
  airlineNames: AirlineNames
  onSelect: SectionProps['onSelect']
}

/**
 * A section's cards. Its props stay the same until the filtered list itself
 * changes, so a change of its section's status line alone does not render
 * every card on the screen again.
 */
const FlightList = memo(function FlightList({ flights, label, sectionKey, airlineNames, onSelect }: FlightListProps) {
  return (
    <VirtualFlightList
      flights={flights}
      label={label}
      renderItem={(flight) => (
        <FlightCard
          flight={flight}
          airlineNames={airlineNames}
          actions={<SelectFlightButton flight={flight} onSelect={() => onSelect(sectionKey, flight)} />}
        />
      )}
    />
  )
})

function Section({ section, shown, headed, airlineNames, onSelect }: SectionProps) {
  const headingId = useId()
  let status = ''
  let body = null
  if (section.status === 'pending') {
    status = 'Loading…'
  } else if (section.status === 'error') {
    body = <LoadFailure message={section.errorMessage} />
  } else {
    status = `Showing ${shown.length} of ${section.flights.length} flights`
    body = (
      <Stack gap="3">
        {shown.length === 0 ? (
          <Text>{EMPTY_TEXT}</Text>
        ) : (
          <FlightList
            flights={shown}
            label={section.title}
            sectionKey={section.key}
            airlineNames={airlineNames}
            onSelect={onSelect}
          />
        )}
      </Stack>
    )
  }
  return (
    <Stack as="section" gap="3" aria-labelledby={headed ? headingId : undefined} data-testid="result-section">
      {headed ? (
        <Heading as="h2" size="md" id={headingId}>
          {section.title}
        </Heading>
      ) : null}
      {/* One status line from the start, so that screen readers hear the search end ('Loading…', then
          the count) and each filter's count; a failure is an alert of its own. */}
      <Text fontSize="sm" color="fg.muted" role="status" display={status ? undefined : 'none'}>
        {status}
      </Text>
      {body}
    </Stack>
  )
}

interface ResultSectionsProps {
  sections: readonly ResultSection[]
  /** Each section's flights that pass the filters, in the sections' order. */
  shown: readonly (readonly ListFlight[])[]
  headed: boolean
  airlineNames: AirlineNames
  onSelect: SectionProps['onSelect']
}

/** The lists. Their props change only when the searches answer or the filters applied do. */
const ResultSections = memo(function ResultSections({
  sections,
  shown,
  headed,
  airlineNames,
  onSelect,
}: ResultSectionsProps) {
  return sections.map((section, i) => (
    <Section
      key={section.key}
      section={section}
      shown={shown[i] ?? []}
      headed={headed}
      airlineNames={airlineNames}
      onSelect={onSelect}
    />
  ))
})

interface FiltersProps {
  airlines: { code: string; name: string }[]
  /** The filters applied when the panel appears: those of the sheet, when a tablet turns to landscape. */
  initial: ResultsPanelState
  /** Applies the panel's state to the lists; the same function from render to render. */
  onFilter: (panel: ResultsPanelState) => void
}

/**
 * The filter panel with its state. A choice (a box ticked, a sort picked)
 * applies at once: the lists change in the same frame as the box, which is
 * quicker on a phone than drawing the box first and the lists a frame or more
 * later. Typed text (airline codes, a price) applies in a transition, so each
 * keystroke shows at once and the lists follow.
 */
function FilterPanel({ airlines, initial, onFilter }: FiltersProps) {
  const [panel, setPanel] = useState<ResultsPanelState>(initial)
  const change = useCallback(
    (next: ResultsPanelState, typed: boolean) => {
      setPanel(next)
      if (typed) startTransition(() => onFilter(next))
      else onFilter(next)
    },
    [onFilter],
  )
  return <ResultsFilterPanel value={panel} onChange={change} airlines={airlines} />
}

/**
 * The filters beside the lists, on a wide screen. `initial` is read once, when it appears; from then
 * on the panel is where the filters change, so a tap does not render the frame around it again.
 */
const FilterAside = memo(
  function FilterAside(props: FiltersProps) {
    return (
      <FiltersFrame>
        <FilterPanel {...props} />
      </FiltersFrame>
    )
  },
  (before, after) => before.airlines === after.airlines && before.onFilter === after.onFilter,
)

interface FilteredResultsProps {
  query: SearchQuery
  sections: readonly ResultSection[]
  /** Each section's flights, the same array until a search answers. */
  lists: readonly (readonly ListFlight[])[]
  airlineNames: AirlineNames
  onSelect: SectionProps['onSelect']
}

/**
 * The banner, the filters and the lists, with the filters applied: a filter's
 * tap renders these, not the page around them (its heading, its searches).
 * On a wide screen the filters sit beside the lists; on a narrower one the
 * lists come first, under a bar with the sort and a Filters button.
 */
const FilteredResults = memo(function FilteredResults({
  query,
  sections,
  lists,
  airlineNames,
  onSelect,
}: FilteredResultsProps) {
  // The filters the lists show, as the panel (or the sheet) last applied them.
  const [applied, setApplied] = useState<ResultsPanelState>(INITIAL_PANEL)
  const inSheet = useFiltersInSheet()
  const filter = useMemo(() => panelFilter(applied), [applied])
  const shown = useMemo(() => lists.map((list) => applyFilters(list, filter)), [lists, filter])
  const airlines = useMemo(() => airlinesOf(lists), [lists])
  const total = lists.reduce((n, l) => n + l.length, 0)
  const shownTotal = shown.reduce((n, l) => n + l.length, 0)
  const results = (
    <>
      {sections.length === 0 ? <Text>No complete flight to search: change the search to add one.</Text> : null}
      <ResultSections
        sections={sections}
        shown={shown}
        headed={sections.length > 1 || query.type !== 'oneway'}
        airlineNames={airlineNames}
        onSelect={onSelect}
      />
    </>
  )
  return (
    <>
      <SearchBanner query={query} shown={shownTotal} total={total} />
      {inSheet ? (
        <Stack gap="4" minW="0">
          <PhoneFilters
            applied={applied}
            onFilter={setApplied}
            sorts={RESULTS_SORTS}
            sortLabels={RESULTS_SORT_LABELS}
            countActive={countActiveFilters}
            countMatches={(draft) => {
              const filter = panelFilter(draft)
              return lists.reduce((n, list) => n + applyFilters(list, filter).length, 0)
            }}
            cleared={clearedPanel}
            panel={(draft, change) => (
              <ResultsFilterPanel value={draft} onChange={change} airlines={airlines} inSheet />
            )}
          />
          <Stack gap="8">{results}</Stack>
        </Stack>
      ) : (
        <Grid templateColumns="18rem 1fr" gap="6" alignItems="start">
          <FilterAside airlines={airlines} initial={applied} onFilter={setApplied} />
          <Stack gap="8" minW="0">
            {results}
          </Stack>
        </Grid>
      )}
    </>
  )
})

/** The /flights results screen (spec 2.13). */
export function FlightResultsPage() {
  const [params] = useSearchParams()
  const query = useMemo(() => parseSearchQuery(params), [params])
  const inputs = useMemo(() => searchesOf(query), [query])
  const searches = useFlightSearches(inputs)
  const airlineNames = useAirlineNames()
  const choose = useChooseFlight()

  const sections = useStableList(sectionsOf(query, searches), sameSection)
  const lists = useStableList(sections.map((s) => s.flights))

  const select = (section: ResultSection, flight: ListFlight) => {
    const href = resultsFareLink(
      {
        id: flight.id,
        traceId: section.traceId,
        from: section.from,
        to: section.to,
        date: section.date,
        adults: query.adults,
        children: query.children,
        infants: query.infants,
        cabin: query.cabin,
      },
      todayISO(),
    )
    choose({
      flight,
      traceId: section.traceId,
      searchedAt: section.searchedAt,
      from: section.from,
      to: section.to,
      date: section.date,
      href,
      travellers: query,
    })
  }

  // One function for the cards' Select buttons that does not change with each render (which would
  // re-render every card when a search answers); it reads the sections of the latest render.
  const selectIn = useStableHandler((sectionKey: string, flight: ListFlight) => {
    const section = sections.find((s) => s.key === sectionKey)
    if (section) select(section, flight)
  })

  return (
    <PageContainer maxW="7xl" py={{ base: '4', md: '8' }}>
      <Stack gap="4">
        <PageHeading
          title="Flights"
          documentTitle={`Flights ${searchRoute(query)}`.trim()}
          description="Compare fares on domestic and international flights, filter by stops, airline and price, and book with Paryatan."
        />
        <FilteredResults
          query={query}
          sections={sections}
          lists={lists}
          airlineNames={airlineNames}
          onSelect={selectIn}
        />
      </Stack>
    </PageContainer>
  )
}

import { Card } from '@chakra-ui/react/card'
import { lazy, Suspense } from 'react'
import { PanelTabs, type PanelTab } from '@/components/ui/panel-tabs'
import { FlightSearchForm } from '@/features/flights/components/search-form/flight-search-form'

// The hotel form loads with its tab: most visitors search flights.
const HotelSearchForm = lazy(() =>
  import('@/features/hotels/components/hotel-search-form').then((m) => ({ default: m.HotelSearchForm })),
)

const TABS: readonly PanelTab[] = [
  { value: 'flights', label: 'Flights', render: () => <FlightSearchForm /> },
  {
    value: 'hotels',
    label: 'Hotels',
    render: () => (
      <Suspense fallback={null}>
        <HotelSearchForm />
      </Suspense>
    ),
  },
]

/** The home page's search panel (spec 2.4): Flights (default) and Hotels tabs. */
export function HomeSearchPanel() {
  return (
    <Card.Root variant="elevated" rounded="xl">
      <PanelTabs
        label="What to search"
        tabs={TABS}
        defaultValue="flights"
        listPx={{ base: '3', md: '6' }}
        renderPanels={(panels) => <Card.Body p={{ base: '4', md: '6' }}>{panels}</Card.Body>}
      />
    </Card.Root>
  )
}

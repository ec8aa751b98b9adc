import { Card, Tabs } from '@chakra-ui/react'
import { FlightSearchForm } from '@/features/flights/components/search-form/flight-search-form'
import { HotelSearchForm } from '@/features/hotels/components/hotel-search-form'

/** The home page's search panel (spec 2.4): Flights (default) and Hotels tabs. */
export function HomeSearchPanel() {
  return (
    <Card.Root variant="elevated" rounded="xl">
      <Tabs.Root defaultValue="flights" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List px={{ base: '3', md: '6' }} pt="2" aria-label="What to search">
          <Tabs.Trigger value="flights" fontWeight="semibold">
            Flights
          </Tabs.Trigger>
          <Tabs.Trigger value="hotels" fontWeight="semibold">
            Hotels
          </Tabs.Trigger>
        </Tabs.List>
        <Card.Body p={{ base: '4', md: '6' }}>
          <Tabs.Content value="flights" p="0">
            <FlightSearchForm />
          </Tabs.Content>
          <Tabs.Content value="hotels" p="0">
            <HotelSearchForm />
          </Tabs.Content>
        </Card.Body>
      </Tabs.Root>
    </Card.Root>
  )
}

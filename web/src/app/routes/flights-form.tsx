import { FlightSearchView } from '@/features/flights/components/search-view/flight-search-view'

export function Component() {
  return <FlightSearchView />
}

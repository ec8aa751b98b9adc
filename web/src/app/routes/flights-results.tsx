import { FlightResultsPage } from '@/features/flights/components/results/flight-results-page'

export function Component() {
  return <FlightResultsPage />
}

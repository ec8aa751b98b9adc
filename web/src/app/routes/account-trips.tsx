import { TripsPage } from '@/features/account/components/trips-page'
import { useAirlineNames } from '@/features/flights/hooks/use-static-lists'

export function Component() {
  return <TripsPage airlineNames={useAirlineNames()} />
}

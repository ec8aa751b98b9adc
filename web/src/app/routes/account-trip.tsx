import { useParams } from 'react-router'
import { TripPage } from '@/features/flights/components/trip/trip-page'
import { useAirlineNames } from '@/features/flights/hooks/use-static-lists'

export function Component() {
  const { id = '' } = useParams()
  return <TripPage id={id} airlineNames={useAirlineNames()} />
}

import { useParams } from 'react-router'
import { TripPage } from '@/features/flights/components/trip/trip-page'

export function Component() {
  const { id = '' } = useParams()
  return <TripPage id={id} />
}

import { useParams } from 'react-router'
import { DestinationPage } from '@/features/holidays/components/destination-page'
import { findHolidayDestination } from '@/features/holidays/data/destinations'
import { NotFoundRoute } from './not-found'

export function Component() {
  const { slug } = useParams()
  const destination = findHolidayDestination(slug)
  return destination ? <DestinationPage key={destination.slug} destination={destination} /> : <NotFoundRoute />
}

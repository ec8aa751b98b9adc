import { TripsPage } from '@/features/account/components/trips-page'

export function Component() {
  return <TripsPage />
}

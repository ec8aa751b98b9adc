import { CoTravellersPage } from '@/features/account/components/co-travellers-page'

export function Component() {
  return <CoTravellersPage />
}

import { CruisesPage } from '@/features/cruises/components/cruises-page'

export function Component() {
  return <CruisesPage />
}

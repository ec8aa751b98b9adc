import { InfoPage } from '@/features/help/components/info-page'

export function Component() {
  return <InfoPage />
}

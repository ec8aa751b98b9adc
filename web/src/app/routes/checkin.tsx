import { CheckinPage } from '@/features/help/components/checkin-page'

export function Component() {
  return <CheckinPage />
}

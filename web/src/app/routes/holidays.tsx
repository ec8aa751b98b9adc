import { HolidaysPage } from '@/features/holidays/components/holidays-page'

export function Component() {
  return <HolidaysPage />
}

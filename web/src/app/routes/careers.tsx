import { CareersPage } from '@/features/careers/components/careers-page'

export function Component() {
  return <CareersPage />
}

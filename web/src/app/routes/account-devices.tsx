import { DevicesPage } from '@/features/account/components/devices-page'

export function Component() {
  return <DevicesPage />
}

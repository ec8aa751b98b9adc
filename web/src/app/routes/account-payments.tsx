import { PaymentsPage } from '@/features/account/components/payments-page'

export function Component() {
  return <PaymentsPage />
}

import { CancellationPage } from '@/features/legal/components/legal-pages'

export function Component() {
  return <CancellationPage />
}

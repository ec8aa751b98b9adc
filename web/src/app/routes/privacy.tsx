import { PrivacyPage } from '@/features/legal/components/legal-pages'

export function Component() {
  return <PrivacyPage />
}

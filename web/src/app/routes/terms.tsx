import { TermsPage } from '@/features/legal/components/legal-pages'

export function Component() {
  return <TermsPage />
}

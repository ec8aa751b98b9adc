import { AccessibilityPage } from '@/features/legal/components/legal-pages'

export function Component() {
  return <AccessibilityPage />
}

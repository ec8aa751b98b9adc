import { CookiesPage } from '@/features/legal/components/legal-pages'

export function Component() {
  return <CookiesPage />
}

import { AboutPage } from '@/features/legal/components/about-page'

export function Component() {
  return <AboutPage />
}

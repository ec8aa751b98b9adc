import { HeadingOnlyPage } from '@/components/ui/page-heading'

export function Component() {
  return <HeadingOnlyPage title="Concierge" />
}

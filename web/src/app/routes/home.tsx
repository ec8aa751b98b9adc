import { HeadingOnlyPage } from '@/components/ui/page-heading'

export function HomeRoute() {
  return <HeadingOnlyPage title="Welcome to Paryatan" documentTitle="Home" />
}

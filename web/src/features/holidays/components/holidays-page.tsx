import { Stack } from '@chakra-ui/react/stack'
import { PageContainer } from '@/components/ui/page-heading'
import { DestinationLinks } from './destination-links'
import { PackageBrowser } from './package-browser'
import { TypingHero } from './typing-hero'

/** /holidays: the typing hero, the package filters and cards, and the destination guides. */
export function HolidaysPage() {
  return (
    <PageContainer>
      <Stack gap="12">
        <TypingHero />
        <PackageBrowser />
        <DestinationLinks />
      </Stack>
    </PageContainer>
  )
}

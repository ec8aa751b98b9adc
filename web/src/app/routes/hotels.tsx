import { Stack } from '@chakra-ui/react/stack'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { HotelsTeaser } from '@/features/hotels/components/hotels-teaser'

export function HotelsRoute() {
  return (
    <PageContainer>
      <Stack gap="6">
        <PageHeading
          title="Hotels"
          description="Hotel stays across India and abroad with Paryatan: elegant stays, modern comfort and smart travel, coming soon."
        />
        <HotelsTeaser />
      </Stack>
    </PageContainer>
  )
}

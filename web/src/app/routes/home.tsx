import { Box, Stack } from '@chakra-ui/react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { HomeSearchPanel } from '../home-search-panel'

export function HomeRoute() {
  return (
    <PageContainer py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '5', md: '8' }}>
        <Box>
          <PageHeading
            title="Welcome to Paryatan"
            documentTitle="Home"
            lead="Search flights and hotels across India and the world."
          />
        </Box>
        <HomeSearchPanel />
      </Stack>
    </PageContainer>
  )
}

import { Stack } from '@chakra-ui/react/stack'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { CruiseDestinations } from './cruise-destinations'
import { CruiseArticles, CruiseDifferentiators, CruisePartners } from './cruise-extras'
import { CruiseFaqList } from './cruise-faq'
import { CruiseReviews } from './cruise-reviews'
import { CruiseSearchBar } from './cruise-search-bar'

const DESCRIPTION =
  'Cruises from India and abroad: the Mediterranean, the Middle East, Alaska, Norway and Southeast Asia, with cabins, flights and visas arranged by our cruise concierge.'

/** /cruises (spec 2.7). */
export function CruisesPage() {
  return (
    <PageContainer>
      <Stack gap="12">
        <Stack gap="6">
          <PageHeading
            title="Cruises"
            description={DESCRIPTION}
            lead="Tell us where and when you would like to sail; our cruise concierge finds the ship, the cabin and the fare."
          />
          <CruiseSearchBar />
        </Stack>
        <CruiseDestinations />
        <CruiseReviews />
        <CruisePartners />
        <CruiseDifferentiators />
        <CruiseFaqList />
        <CruiseArticles />
      </Stack>
    </PageContainer>
  )
}

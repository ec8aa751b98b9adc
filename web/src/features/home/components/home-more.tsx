import { Stack } from '@chakra-ui/react/stack'
import { ChipGroups } from './chip-groups'
import { DealsPanel } from './deals-panel'
import { ExploreSection } from './explore-section'
import { PromoBanner } from './promo-banner'
import { SideCards, type MyTripProps } from './side-cards'

/** Everything on the home page below the search panel (spec 2.4), loaded after the panel. */
export function HomeMore({ myTrip }: { myTrip: MyTripProps }) {
  return (
    <Stack gap={{ base: '8', md: '12' }}>
      <DealsPanel />
      <ExploreSection />
      <PromoBanner />
      <SideCards myTrip={myTrip} />
      <ChipGroups />
    </Stack>
  )
}

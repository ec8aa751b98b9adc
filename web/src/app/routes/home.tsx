import { Box } from '@chakra-ui/react/box'
import { Stack } from '@chakra-ui/react/stack'
import { lazy, Suspense } from 'react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { paths } from '@/config/paths'
import { useWhenWanted } from '@/hooks/use-when-wanted'
import { useSession } from '@/features/auth/hooks/use-session'
import { useSignIn } from '@/features/auth/hooks/use-sign-in'
import { HomeSearchPanel } from '../home-search-panel'

// The deals, cards and links below the search panel arrive in their own chunk,
// fetched when wanted (near the viewport, or at the first scroll, key or touch):
// the first paint needs only the heading and the panel.
const HomeMore = lazy(() => import('@/features/home/components/home-more').then((m) => ({ default: m.HomeMore })))

export function HomeRoute() {
  const { status } = useSession()
  const { openSignIn } = useSignIn()
  const [moreRef, moreWanted] = useWhenWanted<HTMLDivElement>()
  // The reserved height keeps the footer from jumping while the chunk loads.
  const placeholder = <Box ref={moreRef} minH={{ base: '5200px', md: '3200px' }} aria-busy="true" />
  return (
    <PageContainer py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '5', md: '8' }}>
        <Box>
          <PageHeading
            title="Welcome to Paryatan"
            documentTitle="Home"
            description="Search flights and hotels, get visas, and plan holidays, cruises and corporate travel with Paryatan, made for travellers in India."
            lead="Search flights and hotels across India and the world."
          />
        </Box>
        <HomeSearchPanel />
        {moreWanted ? (
          <Suspense fallback={placeholder}>
            <HomeMore
              myTrip={{
                signedIn: status === 'signedIn',
                // After signing in, the dialog takes the traveller on to My Trips.
                onSignIn: () => openSignIn({ from: paths.trips }),
              }}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </Stack>
    </PageContainer>
  )
}

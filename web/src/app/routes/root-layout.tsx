import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { lazy, Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Header } from '@/components/layout/header'
import { SkipLink } from '@/components/layout/skip-link'
import { PageLoading } from '@/components/ui/page-loading'
import { ErrorBoundary } from '@/components/error-boundary'
import { HeaderAuthActions } from '@/features/auth/components/header-auth-actions'
import { SignInDialogSlot } from '@/features/auth/components/sign-in-dialog-slot'
import { useWhenWanted } from '@/hooks/use-when-wanted'
import { ScrollRestoration } from '../scroll-restoration'
import { RouteError } from './route-error'

// The footer starts below the fold on every page (the main element is at least a screen tall): its
// code arrives when it is wanted, like the home page's lower sections.
const Footer = lazy(() => import('@/components/layout/footer').then((m) => ({ default: m.Footer })))

/**
 * The shell of every page: sticky header, page body, footer and the sign-in dialog. A page whose
 * code is still loading shows PageLoading in the body on a first visit (on a later move, the page
 * being left stays until the next one is ready); one that fails shows RouteError in the body.
 */
export function RootLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <Header
        renderActions={(placement, done) => (
          <HeaderAuthActions onAction={done} direction={placement === 'drawer' ? 'column' : 'row'} />
        )}
      />
      {/* Focusable from the skip link only (tabIndex -1), without an outline on the whole page. At least a
          screen tall, so the footer starts below the fold and a page filling in as its data comes does not
          push it (a layout shift) while it is in view. */}
      <Box as="main" id="main" flex="1" minH="100dvh" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Page />
      </Box>
      <DeferredFooter />
      <SignInDialogSlot />
    </Flex>
  )
}

/** The page the address names, scrolled into place, behind an error boundary. */
function Page() {
  const { key } = useLocation()
  return (
    <ErrorBoundary resetKey={key} fallback={<RouteError />}>
      <Suspense fallback={<PageLoading />}>
        <ScrollRestoration />
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  )
}

/** The footer once it is wanted; until then a band of its colour and about its height. */
function DeferredFooter() {
  const [ref, wanted] = useWhenWanted<HTMLDivElement>()
  const placeholder = <Box ref={ref} bg="bg.footer" mt="auto" minH={{ base: '56rem', lg: '22rem' }} />
  return wanted ? (
    <Suspense fallback={placeholder}>
      <Footer />
    </Suspense>
  ) : (
    placeholder
  )
}

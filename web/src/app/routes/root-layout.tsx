import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { Outlet, ScrollRestoration } from 'react-router'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { SkipLink } from '@/components/layout/skip-link'
import { HeaderAuthActions } from '@/features/auth/components/header-auth-actions'
import { SignInDialogSlot } from '@/features/auth/components/sign-in-dialog-slot'

/**
 * The shell of every page: sticky header, page body, footer and the sign-in dialog.
 * React Router's ScrollRestoration sends a new page to the top (or to the element its hash names)
 * and brings back the position of a history entry on back and forward, also after a reload.
 */
export function RootLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <ScrollRestoration />
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
        <Outlet />
      </Box>
      <Footer />
      <SignInDialogSlot />
    </Flex>
  )
}

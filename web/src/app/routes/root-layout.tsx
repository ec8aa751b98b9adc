import { Box, Flex } from '@chakra-ui/react'
import { Outlet } from 'react-router'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { ScrollRestoration } from '@/components/layout/scroll-restoration'
import { Toaster } from '@/components/ui/toaster'
import { HeaderAuthActions } from '@/features/auth/components/header-auth-actions'
import { SignInDialog } from '@/features/auth/components/sign-in-dialog'

/** The shell of every page: sticky header, page body, footer, the sign-in dialog and the toasts. */
export function RootLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <ScrollRestoration />
      <Header
        renderActions={(placement, done) => (
          <HeaderAuthActions onAction={done} direction={placement === 'drawer' ? 'column' : 'row'} />
        )}
      />
      <Box as="main" id="main" flex="1">
        <Outlet />
      </Box>
      <Footer />
      <SignInDialog />
      <Toaster />
    </Flex>
  )
}

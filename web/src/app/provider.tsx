import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SessionProvider } from '@/features/auth/components/session-provider'
import { SignInProvider } from '@/features/auth/components/sign-in-provider'
import { queryClient as defaultQueryClient } from '@/lib/query-client'
import { appSystem } from '@/theme'

interface AppProviderProps {
  children: ReactNode
  queryClient?: QueryClient
}

/** Everything the app needs above the router: theme, server-state cache, session and sign-in dialog state. */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SignInProvider>{children}</SignInProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>
  )
}

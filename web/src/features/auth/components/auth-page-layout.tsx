import { Box } from '@chakra-ui/react/box'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'

interface AuthPageLayoutProps {
  title: string
  /** The form. */
  children: ReactNode
  /** "New to Paryatan? Create one", or the other way round. */
  switchPrompt: string
  switchLabel: string
  switchTo: string
}

/** The frame of the /auth/login and /auth/register pages: a card with the heading, the form and the other page's link. */
export function AuthPageLayout({ title, children, switchPrompt, switchLabel, switchTo }: AuthPageLayoutProps) {
  return (
    <PageContainer maxW="lg">
      <Box bg="bg.panel" borderWidth="1px" rounded="xl" boxShadow="sm" p={{ base: '6', md: '8' }}>
        <Stack gap="6">
          <PageHeading
            title={title}
            description={`${title} to book flights, keep your travellers and follow your trips with Paryatan.`}
          />
          {children}
          <Text fontSize="sm">
            {switchPrompt}{' '}
            <RouterLink to={switchTo} color="accent.fg" fontWeight="semibold">
              {switchLabel}
            </RouterLink>
          </Text>
        </Stack>
      </Box>
    </PageContainer>
  )
}

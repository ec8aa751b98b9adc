import { Box } from '@chakra-ui/react/box'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Stack } from '@chakra-ui/react/stack'
import { visuallyHiddenStyle } from '@chakra-ui/react/visually-hidden'
import type { CSSProperties } from 'react'
import { PageContainer } from './page-heading'

/**
 * What the page body shows while a page's code, or the session it needs, is on its way: the shape
 * of a heading and a few lines, at the top where the page will be, and "Loading page" for screen
 * readers. Never a blank screen: a traveller back from paying sees at once that the page is coming.
 */
export function PageLoading() {
  return (
    <PageContainer role="status" aria-busy="true" data-testid="page-loading">
      <Box as="span" style={visuallyHiddenStyle as CSSProperties}>
        Loading page
      </Box>
      <Stack gap="4" aria-hidden="true">
        <Skeleton height="9" width={{ base: '70%', md: '40%' }} />
        <Skeleton height="5" width="90%" />
        <Skeleton height="5" width="60%" />
        <Skeleton height="32" />
      </Stack>
    </PageContainer>
  )
}

import { Button } from '@chakra-ui/react/button'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Link, useRouteError } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'

/** Shown inside the layout when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError()
  if (import.meta.env.DEV) console.error(error)
  return (
    <PageContainer>
      <Stack gap="5" align="flex-start">
        <PageHeading title="Something went wrong" />
        <Text color="fg.muted">Please try again in a moment. If it keeps happening, contact us.</Text>
        <Button asChild colorPalette="terracotta">
          <Link to="/">Home</Link>
        </Button>
      </Stack>
    </PageContainer>
  )
}

import { Button } from '@chakra-ui/react/button'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { paths } from '@/config/paths'
import { reloadPage } from '@/lib/reload-page'

/**
 * Shown when a page fails to load or render: inside the layout for a page, in place of the whole
 * app for a part of the shell (the header's menu, the sign-in dialog, the footer). Both ways out
 * are full loads, which fetch again code that failed to arrive and start from a clean state; so
 * it needs no router.
 */
export function RouteError() {
  return (
    <PageContainer>
      <Stack gap="5" align="flex-start">
        <PageHeading title="Something went wrong" />
        <Text color="fg.muted">Please try again in a moment. If it keeps happening, contact us.</Text>
        <Stack direction="row" gap="3" wrap="wrap">
          <Button colorPalette="terracotta" onClick={reloadPage}>
            Try again
          </Button>
          <Button asChild variant="outline">
            <a href={paths.home}>Home</a>
          </Button>
        </Stack>
      </Stack>
    </PageContainer>
  )
}

import { Button } from '@chakra-ui/react/button'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Link } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { paths } from '@/config/paths'

export function NotFoundRoute() {
  return (
    <PageContainer>
      <Stack gap="5" align="flex-start">
        <PageHeading title="Page not found" />
        <Text color="fg.muted">The page you are looking for has moved or never existed.</Text>
        <Button asChild colorPalette="terracotta">
          <Link to={paths.home}>Home</Link>
        </Button>
      </Stack>
    </PageContainer>
  )
}

import { Alert } from '@chakra-ui/react/alert'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { company, companyEmailHref, companyPhoneHref } from '@/config/company'

export function SupportRoute() {
  return (
    <PageContainer>
      <Stack gap="6" maxW="3xl">
        <PageHeading
          title="Support"
          description="Help with your Paryatan bookings: call or write to our travel team, Monday to Saturday."
        />
        <Alert.Root status="info" variant="subtle" colorPalette="brand">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Our help centre and contact options are coming soon.</Alert.Title>
            <Alert.Description>
              Self-service help, ticket tracking and chat are on their way to this page.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text color="fg.muted">
          Until then, call us on <a href={companyPhoneHref}>{company.phone}</a> or write to{' '}
          <a href={companyEmailHref}>{company.email}</a>.
        </Text>
      </Stack>
    </PageContainer>
  )
}

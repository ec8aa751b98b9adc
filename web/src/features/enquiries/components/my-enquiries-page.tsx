import { Badge } from '@chakra-ui/react/badge'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { teamNames } from '@/config/company'
import { paths } from '@/config/paths'
import { formatIndiaDateTime } from '@/lib/india-time'
import { useMyEnquiries } from '../api/get-my-enquiries'
import type { Enquiry, EnquiryKind } from '../types'

export const MY_ENQUIRIES_TITLE = 'My Enquiries'
export const NO_ENQUIRIES = 'No enquiries yet.'

/** What each kind of enquiry was, for people. */
export const KIND_NAMES: Readonly<Record<EnquiryKind, string>> = {
  proposal: 'MICE proposal request',
  concierge: 'Concierge request',
  contact: 'Message',
}

function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  return (
    <Card.Root as="li" variant="outline" bg="bg.card" data-testid="enquiry">
      <Card.Body py="4">
        <Flex gap="4" justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap="1" minW="0">
            <Text fontWeight="bold" fontSize="lg" color="brand.fg">
              {KIND_NAMES[enquiry.kind]}
            </Text>
            <Text overflowWrap="anywhere">{enquiry.summary}</Text>
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={enquiry.createdAt}>{formatIndiaDateTime(enquiry.createdAt)}</time> ·{' '}
              {teamNames[enquiry.team]}
            </Text>
          </Stack>
          <Badge variant="subtle" colorPalette="brand" fontFamily="mono" fontSize="sm" data-testid="enquiry-ref">
            {enquiry.reference}
          </Badge>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}

function EmptyState() {
  return (
    <Stack gap="3" data-testid="enquiries-empty">
      <Text>{NO_ENQUIRIES} When you send one, it is listed here with its reference.</Text>
      <Stack as="ul" gap="1" ps="5" listStyleType="disc">
        <li>
          <RouterLink to={paths.concierge()} color="brand.fg" fontWeight="medium">
            Plan a trip with a concierge
          </RouterLink>
        </li>
        <li>
          <RouterLink to={paths.mice} color="brand.fg" fontWeight="medium">
            Request a MICE proposal
          </RouterLink>
        </li>
        <li>
          <RouterLink to={paths.contact} color="brand.fg" fontWeight="medium">
            Send us a message
          </RouterLink>
        </li>
      </Stack>
    </Stack>
  )
}

/** My Enquiries: the traveller's proposal requests, concierge requests and messages, newest first. */
export function MyEnquiriesPage() {
  const query = useMyEnquiries()
  let body
  if (query.isPending) body = <Skeleton height="24" />
  else if (query.isError) body = <ErrorBanner message={query.error.message} />
  else if (query.data.length === 0) body = <EmptyState />
  else {
    body = (
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Enquiries">
        {query.data.map((e) => (
          <EnquiryCard key={e.reference} enquiry={e} />
        ))}
      </Stack>
    )
  }
  return (
    <Stack gap="6">
      <PageHeading
        title={MY_ENQUIRIES_TITLE}
        description="Your MICE proposal requests, concierge requests and messages to Paryatan, with their references."
      />
      {body}
    </Stack>
  )
}

import { Box } from '@chakra-ui/react/box'
import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Link } from '@chakra-ui/react/link'
import { List } from '@chakra-ui/react/list'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { PhoneIcon } from '@/components/ui/icons'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { BUSINESS_HOURS, company, companyPhoneHref, companyWhatsAppHref } from '@/config/company'
import { paths } from '@/config/paths'

export const CONCIERGE_TITLE = 'Plan your trip with a Paryatan concierge'
export const CONCIERGE_DESCRIPTION =
  'Tell a Paryatan travel concierge where and when you want to go; we plan holidays, cruises and stopovers around you.'
export const BOOKING_TIP = 'Tip: book 6–10 weeks ahead for peak dates.'

/** The chat bubble of WhatsApp-style links (drawn here, no brand artwork). */
function ChatIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 20l1.3-3.9A8 8 0 1 1 8 19z" strokeLinejoin="round" />
    </svg>
  )
}

/** /go/concierge (spec 2.11): a hero with the phone and WhatsApp, the lead form, and a side panel. */
export function ConciergePage({ form }: { form: ReactNode }) {
  return (
    <PageContainer>
      <Stack gap="10">
        <Stack gap="4" maxW="3xl">
          <Text
            fontWeight="semibold"
            color="terracotta.fg"
            textTransform="uppercase"
            fontSize="sm"
            letterSpacing="wide"
          >
            Concierge
          </Text>
          <PageHeading
            title={CONCIERGE_TITLE}
            documentTitle="Concierge"
            description={CONCIERGE_DESCRIPTION}
            lead="Share a few details and a travel expert builds an itinerary around your dates, budget and style — flights, stays, visas and transfers included."
          />
          <Flex gap="4" wrap="wrap">
            <Link
              href={companyPhoneHref}
              fontWeight="semibold"
              color="brand.fg"
              aria-label={`Call us on ${company.phone}`}
            >
              <PhoneIcon boxSize="4" /> {company.phone}
            </Link>
            <Link
              href={companyWhatsAppHref}
              target="_blank"
              rel="noopener noreferrer"
              fontWeight="semibold"
              color="brand.fg"
              aria-label={`WhatsApp ${company.whatsapp} (opens in a new tab)`}
            >
              <ChatIcon /> WhatsApp {company.whatsapp}
            </Link>
          </Flex>
        </Stack>

        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8" alignItems="start">
          <Box>{form}</Box>
          <Stack as="aside" aria-label="About the concierge" gap="4">
            <Card.Root variant="subtle" bg="brand.subtle">
              <Card.Body gap="3">
                <Heading as="h2" size="md" color="brand.fg">
                  How it works
                </Heading>
                <List.Root as="ol" ps="5" gap="2">
                  <List.Item>Send your request; you get a reference at once.</List.Item>
                  <List.Item>A concierge calls or e-mails you within one working day.</List.Item>
                  <List.Item>You get an itinerary with prices in rupees to tweak until it is right.</List.Item>
                </List.Root>
                <Text fontWeight="semibold">{BOOKING_TIP}</Text>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline" bg="bg.card">
              <Card.Body gap="2">
                <Heading as="h2" size="md" color="brand.fg">
                  Already booked?
                </Heading>
                <Text color="fg.muted">
                  For changes, refunds or a booking you have already made, our support team can help.
                </Text>
                <RouterLink to={paths.support} color="brand.fg" fontWeight="medium">
                  Go to Support
                </RouterLink>
                <Text fontSize="sm" color="fg.muted">
                  Concierge hours: {BUSINESS_HOURS}
                </Text>
              </Card.Body>
            </Card.Root>
          </Stack>
        </Grid>
      </Stack>
    </PageContainer>
  )
}

import { Alert } from '@chakra-ui/react/alert'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Link } from '@chakra-ui/react/link'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { MailIcon, PhoneIcon } from '@/components/ui/icons'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { OfficeAddress } from '@/components/ui/office-address'
import { RouterLink } from '@/components/ui/router-link'
import {
  BUSINESS_HOURS,
  company,
  companyEmailHref,
  companyPhoneHref,
  companyWhatsAppHref,
  offices,
  telHref,
} from '@/config/company'
import { paths } from '@/config/paths'
import { OfficeMap } from './office-map'

export const CONTACT_DESCRIPTION =
  'Call, WhatsApp or e-mail Paryatan, send us a message, or visit our offices in Gurgaon and Mumbai.'
export const TRAVELLING_NOTE = 'Already travelling? For 24x7 help, call the hotline number printed on your voucher.'
export const CONTACT_BOOKING_TIP = 'Tip: book 6–10 weeks ahead for peak dates.'

function ContactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body gap="2">
        <Heading as="h2" size="md" color="brand.fg">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  )
}

/** /contact (spec 2.12): ways to reach us, the message form, and the two offices with their maps. */
export function ContactPage({ form }: { form: ReactNode }) {
  return (
    <PageContainer>
      <Stack gap="10">
        <Stack gap="3" maxW="3xl">
          <PageHeading title="Contact us" description={CONTACT_DESCRIPTION} lead={`We are here ${BUSINESS_HOURS}.`} />
          <Alert.Root status="info" variant="subtle" colorPalette="brand" data-testid="travelling-note">
            <Alert.Indicator />
            <Alert.Title>{TRAVELLING_NOTE}</Alert.Title>
          </Alert.Root>
        </Stack>

        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          <ContactCard title="Call">
            <Link
              href={companyPhoneHref}
              fontWeight="semibold"
              color="brand.fg"
              aria-label={`Call us on ${company.phone}`}
            >
              <PhoneIcon boxSize="4" /> {company.phone}
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {BUSINESS_HOURS}
            </Text>
          </ContactCard>
          <ContactCard title="WhatsApp">
            <Link
              href={companyWhatsAppHref}
              target="_blank"
              rel="noopener noreferrer"
              fontWeight="semibold"
              color="brand.fg"
              aria-label={`${company.whatsapp} on WhatsApp (opens in a new tab)`}
            >
              {company.whatsapp}
            </Link>
            <Text fontSize="sm" color="fg.muted">
              Send a message any time; we reply {BUSINESS_HOURS}.
            </Text>
          </ContactCard>
          <ContactCard title="E-mail">
            <Link
              href={companyEmailHref}
              fontWeight="semibold"
              color="brand.fg"
              aria-label={`E-mail us at ${company.email}`}
            >
              <MailIcon boxSize="4" /> {company.email}
            </Link>
            <Text fontSize="sm" color="fg.muted">
              We answer within one working day.
            </Text>
          </ContactCard>
        </Grid>

        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="8" alignItems="start">
          {form}
          <Stack as="aside" aria-label="More ways we can help" gap="4">
            <Card.Root variant="subtle" bg="brand.subtle">
              <Card.Body gap="2">
                <Heading as="h2" size="md" color="brand.fg">
                  Planning a trip?
                </Heading>
                <Text>A concierge plans holidays, cruises and stopovers around your dates and budget.</Text>
                <RouterLink to={paths.concierge({ from: 'contact' })} color="brand.fg" fontWeight="medium">
                  Talk to a concierge
                </RouterLink>
                <Text fontWeight="semibold">{CONTACT_BOOKING_TIP}</Text>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline" bg="bg.card">
              <Card.Body gap="2">
                <Heading as="h2" size="md" color="brand.fg">
                  Raised a request already?
                </Heading>
                <RouterLink to={paths.support} color="brand.fg" fontWeight="medium">
                  View ticket status
                </RouterLink>
                <Text fontSize="sm" color="fg.muted">
                  Business hours: {BUSINESS_HOURS}
                </Text>
              </Card.Body>
            </Card.Root>
          </Stack>
        </Grid>

        <Stack as="section" gap="5" aria-labelledby="offices-heading">
          <Heading as="h2" size="xl" id="offices-heading" color="brand.fg">
            Our offices
          </Heading>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
            {offices.map((office) => (
              <Card.Root key={office.id} variant="outline" bg="bg.card" data-testid={`office-${office.id}`}>
                <Card.Body gap="3">
                  <Heading as="h3" size="lg">
                    {office.name}
                  </Heading>
                  <OfficeAddress office={office} />
                  <Link
                    href={telHref(office.phone)}
                    color="brand.fg"
                    aria-label={`Call ${office.name} on ${office.phone}`}
                  >
                    <PhoneIcon boxSize="4" /> {office.phone}
                  </Link>
                  <OfficeMap office={office} />
                </Card.Body>
              </Card.Root>
            ))}
          </Grid>
        </Stack>
      </Stack>
    </PageContainer>
  )
}

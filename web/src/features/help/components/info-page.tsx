import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { Link } from '@chakra-ui/react/link'
import { List } from '@chakra-ui/react/list'
import { Stack } from '@chakra-ui/react/stack'
import { Table } from '@chakra-ui/react/table'
import { Text } from '@chakra-ui/react/text'
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
import { BAGGAGE_ROWS, BAGGAGE_RULES } from '../data/baggage'
import { HelpSection } from './section'

const linkStyle = { color: 'brand.fg', textDecoration: 'underline' } as const

/** /info: baggage allowances and how to reach the team. */
export function InfoPage() {
  return (
    <PageContainer>
      <Stack gap="10">
        <PageHeading
          title="Baggage and contact info"
          description="Typical cabin and check-in baggage allowances on domestic and international flights from India, what not to pack, and how to reach Paryatan."
          lead="What you can usually carry, what must stay out of your suitcase, and who to call when something goes wrong."
        />

        <HelpSection id="baggage" title="Baggage allowance">
          <Text>
            Your allowance is printed on your e-ticket and depends on the airline and the fare you chose. These are the
            usual allowances on flights from India.
          </Text>
          <Table.ScrollArea
            borderWidth="1px"
            rounded="md"
            tabIndex={0}
            role="region"
            aria-label="Baggage allowance table, scrolls sideways"
          >
            <Table.Root size="sm" minW="36rem" bg="bg.card">
              <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="brand.fg" pb="2" ps="3">
                Typical baggage allowance per traveller
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">Flight</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Cabin baggage</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Check-in baggage</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {BAGGAGE_ROWS.map((row) => (
                  <Table.Row key={row.travel}>
                    <Table.Cell as="th" scope="row" fontWeight="semibold">
                      {row.travel}
                    </Table.Cell>
                    <Table.Cell>{row.cabin}</Table.Cell>
                    <Table.Cell>{row.checkIn}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Text fontSize="sm" color="fg.muted">
            Infants usually get 7–10 kg of check-in baggage and a collapsible stroller. Connecting to an international
            flight on a domestic ticket? The domestic allowance applies to that leg.
          </Text>
        </HelpSection>

        <HelpSection id="packing-rules" title="Before you pack">
          <List.Root ps="5" gap="2">
            {BAGGAGE_RULES.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List.Root>
          <Text>
            Checking in online? Find your airline on{' '}
            <RouterLink to={paths.checkin} {...linkStyle}>
              web check-in
            </RouterLink>
            . Packing for a cruise? Read our{' '}
            <RouterLink to={paths.blogPost('cruise-packing-list')} {...linkStyle}>
              cruise packing list
            </RouterLink>
            .
          </Text>
        </HelpSection>

        <HelpSection id="contact-info" title="Contact information">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="4">
            <Card.Root variant="outline" bg="bg.card">
              <Card.Body gap="1">
                <Text as="h3" fontWeight="bold" color="brand.fg">
                  Call us
                </Text>
                <Link href={companyPhoneHref} {...linkStyle}>
                  {company.phone}
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {BUSINESS_HOURS}; around the clock for trips in progress.
                </Text>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline" bg="bg.card">
              <Card.Body gap="1">
                <Text as="h3" fontWeight="bold" color="brand.fg">
                  WhatsApp
                </Text>
                <Link href={companyWhatsAppHref} target="_blank" rel="noopener noreferrer" {...linkStyle}>
                  WhatsApp {company.whatsapp}{' '}
                  <Text as="span" srOnly>
                    (opens in a new tab)
                  </Text>
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {BUSINESS_HOURS}
                </Text>
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline" bg="bg.card">
              <Card.Body gap="1">
                <Text as="h3" fontWeight="bold" color="brand.fg">
                  E-mail
                </Text>
                <Link href={companyEmailHref} {...linkStyle}>
                  {company.email}
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  We reply within one working day.
                </Text>
              </Card.Body>
            </Card.Root>
          </Grid>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            {offices.map((office) => (
              <Stack key={office.id} gap="1">
                <Text as="h3" fontWeight="bold" color="brand.fg">
                  {office.name}
                </Text>
                <OfficeAddress office={office} />
                <Link href={telHref(office.phone)} {...linkStyle} alignSelf="flex-start">
                  {office.phone}
                </Link>
              </Stack>
            ))}
          </Grid>
          <Text>
            Prefer to write? Use the form on{' '}
            <RouterLink to={paths.contact} {...linkStyle}>
              Contact us
            </RouterLink>
            , or find answers in the{' '}
            <RouterLink to={paths.faq} {...linkStyle}>
              FAQ
            </RouterLink>
            .
          </Text>
        </HelpSection>
      </Stack>
    </PageContainer>
  )
}

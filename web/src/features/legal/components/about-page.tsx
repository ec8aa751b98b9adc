import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Link } from '@chakra-ui/react/link'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { OfficeAddress } from '@/components/ui/office-address'
import { RouterLink } from '@/components/ui/router-link'
import { BUSINESS_HOURS, company, companyEmailHref, companyPhoneHref, offices, telHref } from '@/config/company'
import { paths } from '@/config/paths'
import { ABOUT_DESCRIPTION, ABOUT_LEAD, ABOUT_PRODUCTS, ABOUT_TITLE, ABOUT_VALUES } from '../data/about'
import { DocumentSection } from './policy-page'

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body gap="2">
        <Heading as="h3" size="md" color="brand.fg">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  )
}

const cardGrid = { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }

/** /about: who Paryatan is, what it sells, how it works, its offices and how to join or reach it. */
export function AboutPage() {
  return (
    <PageContainer>
      <Stack gap="10">
        <Stack gap="3" maxW="3xl">
          <PageHeading title={ABOUT_TITLE} description={ABOUT_DESCRIPTION} lead={ABOUT_LEAD} />
        </Stack>

        <DocumentSection id="who-we-are" heading="Who we are">
          <Text maxW="3xl">
            {company.name} was founded in Gurugram to make travel from India simpler to book, and easier to sort out
            when plans change. Our team of travel experts works from Gurugram and Mumbai, looking after everything from
            a single flight to a company conference.
          </Text>
          <Text maxW="3xl">
            We are here {BUSINESS_HOURS} for bookings and questions, and 24x7 for travellers whose trip is already under
            way.
          </Text>
        </DocumentSection>

        <DocumentSection id="what-we-do" heading="What we do">
          <Grid templateColumns={cardGrid} gap="4">
            {ABOUT_PRODUCTS.map((product) => (
              <InfoCard key={product.title} title={product.title}>
                <Text color="fg.muted" flex="1">
                  {product.text}
                </Text>
                <RouterLink to={product.to} color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
                  {product.linkText}
                </RouterLink>
              </InfoCard>
            ))}
          </Grid>
        </DocumentSection>

        <DocumentSection id="how-we-work" heading="How we work">
          <Grid templateColumns={cardGrid} gap="4">
            {ABOUT_VALUES.map((value) => (
              <InfoCard key={value.title} title={value.title}>
                <Text color="fg.muted" flex="1">
                  {value.text}
                </Text>
                {value.link ? (
                  <RouterLink to={value.link.to} color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
                    {value.link.text}
                  </RouterLink>
                ) : null}
              </InfoCard>
            ))}
          </Grid>
        </DocumentSection>

        <DocumentSection id="our-offices" heading="Our offices">
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            {offices.map((office) => (
              <InfoCard key={office.id} title={office.name}>
                <OfficeAddress office={office} />
                <Link
                  href={telHref(office.phone)}
                  color="brand.fg"
                  aria-label={`Call ${office.name} on ${office.phone}`}
                >
                  {office.phone}
                </Link>
              </InfoCard>
            ))}
          </Grid>
        </DocumentSection>

        <DocumentSection id="careers" heading="Careers">
          <Text maxW="3xl">
            We are always glad to hear from people who enjoy looking after travellers, whether on the phone, behind the
            scenes or building the tools our team uses.
          </Text>
          <RouterLink to={paths.careers} color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
            Careers at Paryatan
          </RouterLink>
        </DocumentSection>

        <DocumentSection id="contact" heading="Get in touch">
          <Text maxW="3xl">
            Call{' '}
            <Link href={companyPhoneHref} variant="underline" color="brand.fg" display="inline">
              {company.phone}
            </Link>{' '}
            or e-mail{' '}
            <Link href={companyEmailHref} variant="underline" color="brand.fg" display="inline">
              {company.email}
            </Link>{' '}
            ({BUSINESS_HOURS}).
          </Text>
          <RouterLink to={paths.contact} color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
            All the ways to contact us
          </RouterLink>
        </DocumentSection>
      </Stack>
    </PageContainer>
  )
}

import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { List } from '@chakra-ui/react/list'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { VISA_GUIDES, type VisaGuide } from '../data/guides'
import { visaConciergeHref } from '../lib/concierge-link'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3" minW="0">
      <Text as="h2" id={id} fontSize="xl" fontWeight="bold" color="brand.fg">
        {title}
      </Text>
      {children}
    </Stack>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" m="0">
        {children}
      </Text>
    </Box>
  )
}

/** A visa guide for Indian passport holders, /visas/{slug}. */
export function VisaGuidePage({ guide: g }: { guide: VisaGuide }) {
  const others = VISA_GUIDES.filter((other) => other.slug !== g.slug)
  return (
    <PageContainer>
      <Stack gap="8">
        <RouterLink to={paths.visa} color="brand.fg" fontSize="sm" alignSelf="flex-start">
          ← All visas
        </RouterLink>
        <Stack gap="2">
          <PageHeading title={g.title} description={g.description} lead={g.intro} />
        </Stack>

        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap="8"
          alignItems="start"
        >
          <Stack gap="8" minW="0">
            <Section id="key-facts" title="Key facts">
              <Card.Root variant="outline" bg="bg.card">
                <Card.Body>
                  <Box
                    as="dl"
                    display="grid"
                    gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }}
                    gap="4"
                  >
                    <Fact label="Visa type">{g.visaType}</Fact>
                    <Fact label="Processing time">{g.processing}</Fact>
                    <Fact label="Stay allowed">{g.stay}</Fact>
                    <Fact label="Indicative fee">{g.fee}</Fact>
                  </Box>
                </Card.Body>
              </Card.Root>
              <Text fontSize="sm" color="fg.muted">
                Fees are indicative: they change with official revisions and exchange rates, and we confirm the exact
                amount when you apply.
              </Text>
              <Text borderLeftWidth="3px" borderColor="accent.solid" ps="4" fontWeight="semibold">
                {g.rulesNote}
              </Text>
            </Section>

            <Section id="documents" title="Documents you need">
              <List.Root gap="2" ps="5">
                {g.documents.map((doc) => (
                  <List.Item key={doc}>{doc}</List.Item>
                ))}
              </List.Root>
            </Section>

            <Section id="how-to-apply" title="How to apply">
              <List.Root as="ol" listStyleType="decimal" gap="2" ps="5">
                {g.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List.Root>
            </Section>

            <Section id="tips" title="Tips from our visa desk">
              <List.Root gap="2" ps="5">
                {g.tips.map((tip) => (
                  <List.Item key={tip}>{tip}</List.Item>
                ))}
              </List.Root>
            </Section>

            {g.relatedBlog ? (
              <Section id="related-reading" title="Related reading">
                <RouterLink to={paths.blogPost(g.relatedBlog.slug)} color="brand.fg" alignSelf="flex-start">
                  {`Blog: ${g.relatedBlog.title}`}
                </RouterLink>
              </Section>
            ) : null}

            <Stack as="nav" aria-labelledby="other-guides" gap="3" minW="0">
              <Text as="h2" id="other-guides" fontSize="xl" fontWeight="bold" color="brand.fg">
                Other visa guides
              </Text>
              <List.Root gap="2" ps="5">
                {others.map((other) => (
                  <List.Item key={other.slug}>
                    <RouterLink to={paths.visaGuide(other.slug)} color="brand.fg">
                      {other.title}
                    </RouterLink>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          </Stack>

          <Card.Root
            as="aside"
            aria-label="Apply for this visa"
            variant="elevated"
            bg="bg.card"
            position={{ lg: 'sticky' }}
            top={{ lg: '24' }}
            minW="0"
          >
            <Card.Body gap="3">
              <Text color="fg.muted" fontSize="sm">
                {g.country}
              </Text>
              <Text fontSize="xl" fontWeight="bold" color="brand.fg">
                Let our visa desk handle it
              </Text>
              <Text fontSize="sm" color="fg.muted">
                We check your documents, file the application or book the appointment where one is needed, and keep you
                posted until you are ready to fly.
              </Text>
              <Button asChild colorPalette="terracotta" bg="terracotta.600" _hover={{ bg: 'terracotta.700' }} size="lg">
                <Link to={paths.visa}>Apply with Paryatan Visa</Link>
              </Button>
              <RouterLink to={visaConciergeHref(g.title)} color="brand.fg" fontSize="sm" alignSelf="center">
                Ask a visa expert
              </RouterLink>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Stack>
    </PageContainer>
  )
}

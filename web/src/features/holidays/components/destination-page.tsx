import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { List } from '@chakra-ui/react/list'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CardImage } from '@/components/ui/card-image'
import { ReadAs } from '@/components/ui/money'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import type { HolidayDestination } from '../data/destinations'
import { formatRupees, spokenRupees } from '../lib/price'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Text as="h2" id={id} fontSize="xl" fontWeight="bold" color="brand.fg">
        {title}
      </Text>
      {children}
    </Stack>
  )
}

/** A holiday destination page, /holidays/{slug}. */
export function DestinationPage({ destination: d }: { destination: HolidayDestination }) {
  return (
    <PageContainer>
      <Stack gap="8">
        <RouterLink to={paths.holidays} color="brand.fg" fontSize="sm" alignSelf="flex-start">
          ← All holidays
        </RouterLink>
        <Stack gap="2">
          <PageHeading title={d.title} description={d.description} lead={d.intro} />
        </Stack>
        <CardImage src={d.image} alt={d.imageAlt} height={{ base: '48', md: '64' }} rounded="2xl" />

        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8" alignItems="start">
          <Stack gap="8">
            <Section id="highlights" title="Highlights">
              <List.Root gap="2" ps="5">
                {d.highlights.map((h) => (
                  <List.Item key={h}>{h}</List.Item>
                ))}
              </List.Root>
            </Section>
            <Section id="best-time" title="Best time to visit">
              <Text>{d.bestTime}</Text>
            </Section>
            <Section id="itinerary" title={`Typical itinerary: ${d.itineraryTitle}`}>
              <Box as="ol" listStyleType="none" display="grid" gap="3">
                {d.itinerary.map((day) => (
                  <Box as="li" key={day.when} borderLeftWidth="3px" borderColor="accent.solid" ps="4">
                    <Text fontWeight="semibold" color="brand.fg">
                      {day.when}
                    </Text>
                    <Text>{day.plan}</Text>
                  </Box>
                ))}
              </Box>
            </Section>
            <Section id="visa" title="Visa for Indian passport holders">
              <Text>{d.visaNote}</Text>
            </Section>
          </Stack>

          <Card.Root
            as="aside"
            aria-label="Price and enquiry"
            variant="elevated"
            bg="bg.card"
            position={{ lg: 'sticky' }}
            top={{ lg: '24' }}
          >
            <Card.Body gap="3">
              <Text color="fg.muted" fontSize="sm">
                Indicative price
              </Text>
              <Text fontSize="2xl" fontWeight="bold" color="brand.fg">
                <ReadAs words={`From ${spokenRupees(d.fromPrice)}`}>From {formatRupees(d.fromPrice)}</ReadAs>
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {d.priceIncludes}. Final prices depend on dates, hotels and flights.
              </Text>
              <Button asChild colorPalette="terracotta" bg="terracotta.600" _hover={{ bg: 'terracotta.700' }} size="lg">
                <Link to={d.href}>Plan this trip with a concierge</Link>
              </Button>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Stack>
    </PageContainer>
  )
}

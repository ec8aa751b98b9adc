import { Card } from '@chakra-ui/react/card'
import { LinkBox, LinkOverlay } from '@chakra-ui/react/link'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Link } from 'react-router'
import { CardImage } from '@/components/ui/card-image'
import { ReadAs } from '@/components/ui/money'
import { paths } from '@/config/paths'
import { HOLIDAY_DESTINATIONS } from '../data/destinations'
import { formatRupees, spokenRupees } from '../lib/price'

/** Cards for the destination pages: stopovers, the Gulf, Hong Kong and group tours. */
export function DestinationLinks() {
  return (
    <Stack as="section" aria-labelledby="destinations-heading" gap="5">
      <Stack gap="1">
        <Text as="h2" id="destinations-heading" fontSize="2xl" fontWeight="bold" color="brand.fg">
          Stopovers, the Gulf and group tours
        </Text>
        <Text color="fg.muted">Guides with the best time to go, a sample itinerary and visa notes for Indians.</Text>
      </Stack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
        {HOLIDAY_DESTINATIONS.map((d) => (
          <LinkBox key={d.slug} asChild>
            <Card.Root
              as="li"
              overflow="hidden"
              variant="outline"
              bg="bg.card"
              _hover={{ shadow: 'md' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <CardImage src={d.image} alt="" height="32" />
              <Card.Body gap="1" p="4">
                <Card.Title as="h3" color="brand.fg" fontSize="md">
                  <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                    <Link to={paths.holiday(d.slug)}>{d.title}</Link>
                  </LinkOverlay>
                </Card.Title>
                <Text fontSize="sm" color="fg.muted">
                  <ReadAs words={`From ${spokenRupees(d.fromPrice)} per person`}>
                    From {formatRupees(d.fromPrice)} per person
                  </ReadAs>
                </Text>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

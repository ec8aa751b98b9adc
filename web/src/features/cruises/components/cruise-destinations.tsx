import { Card } from '@chakra-ui/react/card'
import { LinkBox, LinkOverlay } from '@chakra-ui/react/link'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Link } from 'react-router'
import { CardImage } from '@/components/ui/card-image'
import { TOP_CRUISE_DESTINATIONS } from '../data/cruises'
import { cruiseDestinationHref } from '../lib/cruise-search'

/** Top destinations: each card asks the concierge about cruises there. */
export function CruiseDestinations() {
  return (
    <Stack as="section" aria-labelledby="cruise-destinations" gap="5">
      <Text as="h2" id="cruise-destinations" fontSize="2xl" fontWeight="bold" color="brand.fg">
        Top destinations
      </Text>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
        {TOP_CRUISE_DESTINATIONS.map((d) => (
          <LinkBox key={d.title} asChild>
            <Card.Root
              as="li"
              overflow="hidden"
              variant="elevated"
              bg="bg.card"
              _hover={{ shadow: 'lg' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <CardImage src={d.image} alt="" height="36" />
              <Card.Body gap="1" p="4">
                <Card.Title as="h3" color="brand.fg" fontSize="md">
                  <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                    <Link to={cruiseDestinationHref(d.title)}>{d.title}</Link>
                  </LinkOverlay>
                </Card.Title>
                <Text fontSize="sm" fontWeight="semibold" color="accent.fg">
                  {d.cruiseCount} cruises
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {d.blurb}
                </Text>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

import { Card } from '@chakra-ui/react/card'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { CardImage } from '@/components/ui/card-image'
import { RouterLink } from '@/components/ui/router-link'
import { company } from '@/config/company'
import { paths } from '@/config/paths'
import { EXPLORE_ROWS, type ExploreCard } from '../data/explore'

function ExploreTile({ card }: { card: ExploreCard }) {
  return (
    <Card.Root
      overflow="hidden"
      variant="outline"
      bg="bg.card"
      position="relative"
      _hover={{ shadow: 'md' }}
      _focusWithin={{ shadow: 'md' }}
      data-testid="explore-card"
    >
      <CardImage src={card.image} alt="" height="32" />
      <Card.Body gap="2" p="4">
        <Heading as="h3" size="md" color="brand.fg">
          {/* The title is the card's link; its box covers the whole card. */}
          <RouterLink
            to={card.to}
            color="brand.fg"
            _before={{ content: '""', position: 'absolute', inset: '0' }}
            _focusVisible={{ outline: 'none' }}
            css={{
              '&:focus-visible::before': { outline: '3px solid', outlineColor: 'brand.focusRing', rounded: 'l3' },
            }}
          >
            {card.title}
          </RouterLink>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {card.body}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="accent.fg" aria-hidden="true">
          {card.action} →
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

/** 'Explore Paryatan': nine cards in three rows of three (one column on a phone) and a link to the offers. */
export function ExploreSection() {
  return (
    <Stack as="section" aria-labelledby="explore-heading" gap="5">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Heading as="h2" id="explore-heading" size="xl" color="brand.fg">
          Explore {company.brand}
        </Heading>
        <RouterLink to={paths.offers} fontWeight="semibold" color="brand.fg">
          View offers
        </RouterLink>
      </Flex>
      <Stack gap="5">
        {EXPLORE_ROWS.map((row) => (
          <SimpleGrid key={row[0]?.title} columns={{ base: 1, md: 3 }} gap="5" data-testid="explore-row">
            {row.map((card) => (
              <ExploreTile key={card.title} card={card} />
            ))}
          </SimpleGrid>
        ))}
      </Stack>
    </Stack>
  )
}

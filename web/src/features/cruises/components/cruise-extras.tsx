import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { LinkBox, LinkOverlay } from '@chakra-ui/react/link'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { CRUISE_ARTICLES, CRUISE_DIFFERENTIATORS, CRUISE_PARTNERS } from '../data/cruises'

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <Text as="h2" id={id} fontSize="2xl" fontWeight="bold" color="brand.fg">
      {children}
    </Text>
  )
}

/** The cruise lines we book, by name. */
export function CruisePartners() {
  return (
    <Stack as="section" aria-labelledby="cruise-partners" gap="4">
      <SectionTitle id="cruise-partners">Cruise lines we book</SectionTitle>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {CRUISE_PARTNERS.map((p) => (
          <Box as="li" key={p.name} bg="bg.card" borderWidth="1px" rounded="lg" p="4">
            <Text fontWeight="semibold" color="brand.fg">
              {p.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {p.note}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** Why book a cruise with us. */
export function CruiseDifferentiators() {
  return (
    <Stack as="section" aria-labelledby="cruise-why" gap="4">
      <SectionTitle id="cruise-why">Why book your cruise with Paryatan</SectionTitle>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 4 }} gap="4">
        {CRUISE_DIFFERENTIATORS.map((d) => (
          <Box as="li" key={d.title} borderTopWidth="3px" borderColor="accent.solid" bg="bg.card" rounded="md" p="4">
            <Text as="h3" fontWeight="semibold" color="brand.fg">
              {d.title}
            </Text>
            <Text fontSize="sm" color="fg.muted" mt="1">
              {d.body}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** Articles from the blog, and 'See more'. */
export function CruiseArticles() {
  return (
    <Stack as="section" aria-labelledby="cruise-articles" gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <SectionTitle id="cruise-articles">Read before you sail</SectionTitle>
        <Button asChild variant="outline" colorPalette="brand" size="sm">
          <Link to={paths.blogs()}>See more</Link>
        </Button>
      </HStack>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4">
        {CRUISE_ARTICLES.map((a) => (
          <LinkBox key={a.slug} asChild>
            <Card.Root
              as="li"
              variant="outline"
              bg="bg.card"
              _hover={{ shadow: 'md' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <Card.Body gap="2" p="4">
                <Card.Title as="h3" color="brand.fg" fontSize="md">
                  <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
                    <Link to={paths.blogPost(a.slug)}>{a.title}</Link>
                  </LinkOverlay>
                </Card.Title>
                <Card.Description>{a.summary}</Card.Description>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

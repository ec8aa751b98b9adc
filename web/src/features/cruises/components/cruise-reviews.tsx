import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Link } from 'react-router'
import { CRUISE_REVIEWS } from '../data/cruises'
import { CRUISE_CHAT_HREF } from '../lib/cruise-search'

/**
 * The reviews summary: the rating, the number of reviews and one bar per star
 * rating. Each bar's meaning is in its text ("5 stars: 431 reviews"); the bar
 * itself is decoration.
 */
export function CruiseReviews() {
  const { rating, total, byStar } = CRUISE_REVIEWS
  return (
    <Stack
      as="section"
      aria-labelledby="cruise-reviews"
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '6', md: '12' }}
      bg="bg.card"
      borderWidth="1px"
      rounded="2xl"
      p={{ base: '5', md: '8' }}
    >
      <Stack gap="2" minW={{ md: '56' }}>
        <Text as="h2" id="cruise-reviews" fontSize="2xl" fontWeight="bold" color="brand.fg">
          What cruisers say
        </Text>
        <Text fontSize="5xl" fontWeight="bold" lineHeight="1" color="brand.fg">
          {rating.toFixed(1)}
          <Text as="span" fontSize="xl" color="fg.muted">
            {' '}
            out of 5
          </Text>
        </Text>
        <Text color="fg.muted">from {total} reviews</Text>
        <Button
          asChild
          colorPalette="terracotta"
          bg="terracotta.600"
          _hover={{ bg: 'terracotta.700' }}
          alignSelf="flex-start"
          mt="2"
        >
          <Link to={CRUISE_CHAT_HREF}>Start a chat</Link>
        </Button>
      </Stack>
      <Box as="ul" listStyleType="none" flex="1" display="grid" gap="2" aria-label="Reviews by star rating">
        {byStar.map(({ stars, count }) => (
          <HStack as="li" key={stars} gap="3">
            <Text minW="16" fontSize="sm" whiteSpace="nowrap">
              {stars} {stars === 1 ? 'star' : 'stars'}
              <Text as="span" srOnly>
                : {count} {count === 1 ? 'review' : 'reviews'}
              </Text>
            </Text>
            <Box aria-hidden="true" flex="1" h="2.5" bg="brand.subtle" rounded="full" overflow="hidden">
              <Box
                h="full"
                w={`${(count / total) * 100}%`}
                minW={count > 0 ? '1' : '0'}
                bg="accent.solid"
                rounded="full"
              />
            </Box>
            <Text aria-hidden="true" minW="8" textAlign="end" fontSize="sm" color="fg.muted">
              {count}
            </Text>
          </HStack>
        ))}
      </Box>
    </Stack>
  )
}

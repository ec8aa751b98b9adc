import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden'
import { useState } from 'react'
import { PageHeading } from '@/components/ui/page-heading'
import { HERO_DESTINATIONS } from '../data/hero-words'
import { usePrefersReducedMotion } from '@/hooks/use-reduced-motion'
import { useTypingText } from '../hooks/use-typing-text'

export const HOLIDAYS_DESCRIPTION =
  'Holiday packages from India to Bali, Dubai, the Maldives, Kashmir, Kerala and more, with flights, stays and sightseeing planned by our travel concierge.'

function listed(words: readonly string[]): string {
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/**
 * The page's hero: its heading and a line that types destination names.
 * Screen readers get the whole list once instead of every letter; a visitor
 * can pause the animation, and reduced motion shows whole words.
 */
export function TypingHero() {
  const reducedMotion = usePrefersReducedMotion()
  const [paused, setPaused] = useState(false)
  const { text } = useTypingText(HERO_DESTINATIONS, { reducedMotion, paused })

  return (
    <Box
      as="section"
      aria-label="Holidays"
      bgGradient="to-br"
      gradientFrom="brand.subtle"
      gradientTo="terracotta.subtle"
      rounded="2xl"
      px={{ base: '5', md: '10' }}
      py={{ base: '8', md: '12' }}
    >
      <Stack gap="4">
        <PageHeading
          title="Holidays"
          description={HOLIDAYS_DESCRIPTION}
          lead="Handpicked packages in India and abroad, planned around your dates and budget by a real concierge."
        />
        <Text fontSize={{ base: 'xl', md: '3xl' }} fontWeight="bold" color="brand.fg" minH="1.5em">
          <VisuallyHidden>Holidays to {listed(HERO_DESTINATIONS)}.</VisuallyHidden>
          <Box as="span" aria-hidden="true" data-testid="typing-line">
            Your next escape:{' '}
            <Box as="span" color="accent.fg" data-testid="typing-text">
              {text}
            </Box>
            <Box as="span" display="inline-block" w="2px" h="1em" ml="1" bg="accent.fg" verticalAlign="text-bottom" />
          </Box>
        </Text>
        <HStack>
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => setPaused((p) => !p)}>
            {paused ? 'Play destination names' : 'Pause destination names'}
          </Button>
        </HStack>
      </Stack>
    </Box>
  )
}

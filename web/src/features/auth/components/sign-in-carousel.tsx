import { Box } from '@chakra-ui/react/box'
import { Flex } from '@chakra-ui/react/flex'
import { HStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { PauseButton, SlideDots } from '@/components/ui/rotation-controls'
import { SIGN_IN_CAROUSEL_INTERVAL_MS, SIGN_IN_SLIDES } from '@/config/constants'
import { useRotation } from '@/hooks/use-rotation'

// Each slide gets its own mix of the two brand colours.
const SLIDE_GRADIENTS: ReadonlyArray<[string, string]> = [
  ['brand.700', 'brand.950'],
  ['terracotta.500', 'brand.800'],
  ['brand.500', 'brand.900'],
  ['terracotta.600', 'terracotta.900'],
  ['brand.800', 'terracotta.700'],
]

function SlideArt({ index }: { index: number }) {
  // Abstract horizon art: a sun whose height varies per slide over layered hills.
  const sunY = 58 + index * 5
  return (
    <svg viewBox="0 0 200 120" width="100%" height="100%" preserveAspectRatio="xMidYMax slice" aria-hidden="true">
      <circle cx={50 + index * 25} cy={sunY} r="11" fill="var(--chakra-colors-terracotta-200)" opacity="0.85" />
      <path d="M0 90 Q50 62 100 84 T200 78 V120 H0Z" fill="var(--chakra-colors-brand-200)" opacity="0.35" />
      <path d="M0 104 Q60 82 120 100 T200 96 V120 H0Z" fill="var(--chakra-colors-brand-50)" opacity="0.25" />
    </svg>
  )
}

/**
 * The five promotional slides on the sign-in dialog, advancing every 3 s, with
 * clickable dots and a pause button (WCAG 2.2.2); still from the start for
 * visitors who prefer reduced motion. A caption is announced only when the
 * visitor changes it, not every 3 s while it moves by itself.
 */
export function SignInCarousel() {
  const { index, select, playing, togglePlaying } = useRotation(SIGN_IN_SLIDES.length, SIGN_IN_CAROUSEL_INTERVAL_MS)
  const [from, to] = SLIDE_GRADIENTS[index % SLIDE_GRADIENTS.length] ?? ['brand.700', 'brand.950']
  const caption = SIGN_IN_SLIDES[index] ?? ''

  return (
    <Flex
      direction="column"
      justify="space-between"
      height="full"
      minH={{ base: '40', md: '96' }}
      p={{ base: '5', md: '7' }}
      color="fg.onDark"
      bgGradient="to-b"
      gradientFrom={from}
      gradientTo={to}
      position="relative"
      overflow="hidden"
      transition="background 600ms ease"
      _motionReduce={{ transition: 'none' }}
      aria-roledescription="carousel"
      aria-label="Why travel with Paryatan"
    >
      <Box position="absolute" insetX="0" bottom="0" height="60%" opacity="0.9" pointerEvents="none">
        <SlideArt index={index} />
      </Box>
      <Box position="relative" aria-live={playing ? 'off' : 'polite'} pe={{ base: '10', md: '0' }}>
        <Text
          key={index}
          fontSize={{ base: 'xl', md: '2xl' }}
          fontWeight="bold"
          lineHeight="short"
          animation="fade-in 400ms ease-out"
          _motionReduce={{ animation: 'none' }}
          data-testid="sign-in-slide-caption"
        >
          {caption}
        </Text>
      </Box>
      <HStack position="relative" gap="0" mt="6">
        <Box me="1">
          <PauseButton playing={playing} onToggle={togglePlaying} noun="slides" />
        </Box>
        <SlideDots
          labels={SIGN_IN_SLIDES.map((label, i) => `Show slide ${i + 1}: ${label}`)}
          index={index}
          onSelect={select}
          colors={{ current: 'fg.onDark', other: 'whiteAlpha.500', focusRing: 'accent.emphasized' }}
        />
      </HStack>
    </Flex>
  )
}

import { Badge } from '@chakra-ui/react/badge'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Flex } from '@chakra-ui/react/flex'
import { Heading } from '@chakra-ui/react/heading'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { CardImage } from '@/components/ui/card-image'
import { ReadAs } from '@/components/ui/money'
import { RouterLink } from '@/components/ui/router-link'
import { SlideDots } from '@/components/ui/rotation-controls'
import { useRotation } from '@/hooks/use-rotation'
import { DEALS_INTERVAL_MS, DEALS_TRANSITION_MS } from '../data/deals'
import { DEAL_SLIDES, type DealSlide } from '../lib/deal-slides'
import { READABLE_TERRACOTTA } from './readable-terracotta'

function Slide({ slide, position, current }: { slide: DealSlide; position: number; current: boolean }) {
  return (
    <Flex
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${DEAL_SLIDES.length}: ${slide.title}`}
      inert={!current}
      flex="0 0 100%"
      minW="0"
      gap={{ base: '4', md: '6' }}
      direction={{ base: 'column', md: 'row' }}
      data-testid="deal-slide"
      data-current={current ? 'true' : undefined}
    >
      <CardImage
        src={slide.image}
        alt=""
        height={{ base: '28', md: 'auto' }}
        width={{ base: 'full', md: '40%' }}
        minH={{ md: '64' }}
        rounded="lg"
        flexShrink={0}
      />
      <Stack gap="3" flex="1" minW="0">
        <Box>
          <Text fontSize="sm" fontWeight="semibold" color="accent.fg" textTransform="uppercase" letterSpacing="wider">
            {slide.title}
          </Text>
          <Heading as="h3" size="lg" color="brand.fg">
            {slide.headline}
          </Heading>
        </Box>
        <chakra.ul listStyleType="none" display="grid" gap="2">
          {slide.lines.map((line) => (
            <chakra.li
              key={line.name}
              display="flex"
              justifyContent="space-between"
              alignItems="baseline"
              gap="3"
              borderBottomWidth="1px"
              borderColor="border.muted"
              pb="2"
            >
              <Box minW="0">
                {line.to ? (
                  <RouterLink to={line.to} fontWeight="semibold" color="brand.fg">
                    {line.name}
                  </RouterLink>
                ) : (
                  <Text fontWeight="semibold">{line.name}</Text>
                )}
                <Text fontSize="sm" color="fg.muted">
                  {line.detail}
                </Text>
              </Box>
              <Text fontWeight="bold" color="brand.fg" whiteSpace="nowrap">
                <ReadAs words={line.spokenPrice}>{line.price}</ReadAs>
              </Text>
            </chakra.li>
          ))}
        </chakra.ul>
        <Button asChild colorPalette="terracotta" alignSelf="flex-start" size="sm" {...READABLE_TERRACOTTA}>
          <RouterLink to={slide.cta.to} color="terracotta.contrast" _hover={{ textDecoration: 'none' }}>
            {slide.cta.label}
          </RouterLink>
        </Button>
      </Stack>
    </Flex>
  )
}

/**
 * The home page's deals (spec 2.4): Visa, Flights, Holidays, Cruises and
 * Hotels, one every 3.8 s with a 0.7 s slide, dots to jump, a pause control,
 * held on hover and focus, still for reduced motion.
 */
export function DealsPanel() {
  const rotation = useRotation(DEAL_SLIDES.length, DEALS_INTERVAL_MS)
  const { index, select, playing, rotating, togglePlaying } = rotation

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-labelledby="deals-heading"
      bg="bg.card"
      rounded="xl"
      shadow="sm"
      borderWidth="1px"
      borderColor="border.muted"
      p={{ base: '4', md: '6' }}
      {...rotation.hoverProps}
    >
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" id="deals-heading" size="xl" color="brand.fg">
            Deals
          </Heading>
          <Badge colorPalette="terracotta" variant="solid" size="lg" bg="terracotta.600">
            100% Refund*
          </Badge>
        </HStack>
        <Button variant="outline" size="sm" colorPalette="brand" onClick={togglePlaying}>
          {playing ? 'Pause' : 'Play'}
        </Button>
      </Flex>
      <Box {...rotation.focusProps}>
        <Box overflow="hidden" aria-live={rotating ? 'off' : 'polite'}>
          <Flex
            transform={`translateX(-${index * 100}%)`}
            transition={`transform ${DEALS_TRANSITION_MS}ms ease-in-out`}
            _motionReduce={{ transition: 'none' }}
            data-testid="deals-track"
          >
            {DEAL_SLIDES.map((slide, i) => (
              <Slide key={slide.title} slide={slide} position={i + 1} current={i === index} />
            ))}
          </Flex>
        </Box>
        <HStack gap="1" justify="center" mt="4" wrap="wrap">
          <SlideDots
            labels={DEAL_SLIDES.map((slide) => `Show ${slide.title} deals`)}
            index={index}
            onSelect={select}
            colors={{ current: 'brand.solid', other: 'brand.400', focusRing: 'brand.focusRing' }}
          />
        </HStack>
      </Box>
    </Box>
  )
}

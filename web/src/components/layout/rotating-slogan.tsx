import { Box } from '@chakra-ui/react/box'
import { Text } from '@chakra-ui/react/text'
import { SLOGAN_INTERVAL_MS, SLOGANS } from '@/config/constants'
import { useState } from 'react'
import { usePrefersReducedMotion } from '@/hooks/use-reduced-motion'
import { useRotatingIndex } from '@/hooks/use-rotating-index'

/**
 * The header's slogan, changing every 2.6 s. It holds still while the pointer
 * rests on it, and does not change at all for visitors who asked their system
 * for reduced motion (WCAG 2.2.2): they see the first slogan.
 */
export function RotatingSlogan() {
  const reduced = usePrefersReducedMotion()
  const [hovered, setHovered] = useState(false)
  const [index] = useRotatingIndex(SLOGANS.length, SLOGAN_INTERVAL_MS, !reduced && !hovered)
  return (
    <Box
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      aria-live="off"
      minW="10rem"
      px="3"
      py="1"
      rounded="full"
      bg="whiteAlpha.100"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
    >
      <Text
        key={index}
        as="span"
        display="block"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="wider"
        textTransform="uppercase"
        color="accent.emphasized"
        whiteSpace="nowrap"
        animation="fade-in 500ms ease-out"
        _motionReduce={{ animation: 'none' }}
        data-testid="header-slogan"
      >
        {SLOGANS[index]}
      </Text>
    </Box>
  )
}

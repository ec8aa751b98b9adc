import { Box, Text } from '@chakra-ui/react'
import { SLOGAN_INTERVAL_MS, SLOGANS } from '@/config/constants'
import { useRotatingIndex } from '@/hooks/use-rotating-index'

/**
 * The header's slogan, changing every 2.6 s. Reduced-motion users still see
 * the change; only the fade is dropped.
 */
export function RotatingSlogan() {
  const [index] = useRotatingIndex(SLOGANS.length, SLOGAN_INTERVAL_MS)
  return (
    <Box
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

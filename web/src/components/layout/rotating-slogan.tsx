import { Flex } from '@chakra-ui/react/flex'
import { Text } from '@chakra-ui/react/text'
import { SLOGAN_INTERVAL_MS, SLOGANS } from '@/config/constants'
import { PauseButton } from '@/components/ui/rotation-controls'
import { useRotation } from '@/hooks/use-rotation'

/**
 * The header's slogan, changing every 2.6 s. It holds still while the pointer
 * rests on it; a pause button beside it stops it for good (WCAG 2.2.2: moving
 * content that lasts longer than five seconds can be paused), and for visitors
 * who asked their system for reduced motion it starts paused on the first
 * slogan. Screen readers are not told of each change: the slogans repeat what
 * the navigation says.
 */
export function RotatingSlogan() {
  const { index, playing, togglePlaying, hoverProps } = useRotation(SLOGANS.length, SLOGAN_INTERVAL_MS)
  return (
    <Flex
      {...hoverProps}
      align="center"
      gap="0.5"
      minW="10rem"
      ps="2"
      pe="0.5"
      py="0.5"
      rounded="full"
      bg="whiteAlpha.100"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
    >
      <Text
        key={index}
        as="span"
        display="block"
        flex="1"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="wide"
        textTransform="uppercase"
        color="accent.emphasized"
        whiteSpace="nowrap"
        animation="fade-in 500ms ease-out"
        _motionReduce={{ animation: 'none' }}
        data-testid="header-slogan"
      >
        {SLOGANS[index]}
      </Text>
      <PauseButton playing={playing} onToggle={togglePlaying} noun="slogans" />
    </Flex>
  )
}

import { Box } from '@chakra-ui/react/box'
import { IconButton } from '@chakra-ui/react/button'
import { chakra } from '@chakra-ui/react/styled-system'
import { PauseIcon, PlayIcon } from './icons'

/**
 * The 24 px pause/play button of content that rotates on a dark background
 * (the header's slogan, the sign-in slides): "Pause slogans" / "Play slogans".
 */
export function PauseButton({ playing, onToggle, noun }: { playing: boolean; onToggle: () => void; noun: string }) {
  return (
    <IconButton
      aria-label={`${playing ? 'Pause' : 'Play'} ${noun}`}
      variant="ghost"
      size="2xs"
      minW="6"
      h="6"
      rounded="full"
      color="fg.onDark"
      _hover={{ bg: 'whiteAlpha.200' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'accent.emphasized', outlineOffset: '1px' }}
      onClick={onToggle}
    >
      {playing ? <PauseIcon boxSize="3" /> : <PlayIcon boxSize="3" />}
    </IconButton>
  )
}

interface SlideDotsProps {
  /** Each item's button name, e.g. "Show Flights deals". */
  labels: readonly string[]
  index: number
  onSelect: (index: number) => void
  /** Colour tokens of the current mark, the others, and the focus outline. */
  colors: { current: string; other: string; focusRing: string }
}

/**
 * A rotation's dots: one button per item, marked aria-current when shown. Each
 * button is a 24 px target (WCAG 2.5.8) around the small mark it shows; the
 * current mark is a wider pill.
 */
export function SlideDots({ labels, index, onSelect, colors }: SlideDotsProps) {
  return labels.map((label, i) => (
    <chakra.button
      key={label}
      type="button"
      aria-label={label}
      aria-current={i === index ? 'true' : undefined}
      onClick={() => onSelect(i)}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="6"
      h="6"
      px="0.5"
      rounded="full"
      cursor="pointer"
      _focusVisible={{ outline: '2px solid', outlineColor: colors.focusRing, outlineOffset: '1px' }}
    >
      <Box
        as="span"
        h="2.5"
        w={i === index ? '6' : '2.5'}
        rounded="full"
        bg={i === index ? colors.current : colors.other}
        transition="width 200ms ease"
        _motionReduce={{ transition: 'none' }}
      />
    </chakra.button>
  ))
}

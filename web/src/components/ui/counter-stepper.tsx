import { Box } from '@chakra-ui/react/box'
import { IconButton } from '@chakra-ui/react/button'
import { HStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useId } from 'react'

interface CounterStepperProps {
  /** What is counted, as the label reads ("Adults"). */
  label: string
  /** One of them, for the buttons' names ("adult" → "Add adult", "Remove adult"). */
  noun: string
  hint?: string
  value: number
  min: number
  max: number
  onChange: (value: number) => void
}

/** A count changed with − and + buttons, each disabled at its limit. */
export function CounterStepper({ label, noun, hint, value, min, max, onChange }: CounterStepperProps) {
  const id = useId()
  return (
    <HStack role="group" aria-labelledby={id} justify="space-between" gap="3" minW="0">
      <Box>
        <Text id={id} fontWeight="medium" textStyle="sm">
          {label}
        </Text>
        {hint ? (
          <Text textStyle="xs" color="fg.muted">
            {hint}
          </Text>
        ) : null}
      </Box>
      <HStack gap="2">
        <IconButton
          aria-label={`Remove ${noun}`}
          size="sm"
          variant="outline"
          rounded="full"
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          −
        </IconButton>
        <Text as="output" aria-live="polite" minW="5" textAlign="center" fontWeight="semibold">
          {value}
        </Text>
        <IconButton
          aria-label={`Add ${noun}`}
          size="sm"
          variant="outline"
          rounded="full"
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          +
        </IconButton>
      </HStack>
    </HStack>
  )
}

import { Box } from '@chakra-ui/react/box'
import { Field } from '@chakra-ui/react/field'
import { Input } from '@chakra-ui/react/input'
import { Text } from '@chakra-ui/react/text'
import { type KeyboardEvent, memo, useEffect, useId, useRef, useState } from 'react'
import { airportCodeFrom, airportLabel, suggestAirports, type Airport } from '../../lib/airports'

interface AirportComboboxProps {
  label: string
  /** The airport code (or whatever was typed, upper-cased). */
  value: string
  onChange: (code: string) => void
  airports: readonly Airport[]
  placeholder?: string
}

/** What a filled input reads: the airport's label when the code is known ("Mumbai (BOM)"). */
function display(value: string, airports: readonly Airport[]): string {
  if (!value) return ''
  const airport = airports.find((a) => a.code === value)
  return airport ? airportLabel(airport) : value
}

/**
 * An airport input with suggestions, following the ARIA combobox pattern:
 * the list opens once something non-blank is typed (spec 4, 5), arrows move
 * the active option, Enter picks it, Escape or a click elsewhere closes it.
 * Leaving the input keeps the code found in its text (spec 5).
 */
export const AirportCombobox = memo(function AirportCombobox({
  label,
  value,
  onChange,
  airports,
  placeholder,
}: AirportComboboxProps) {
  const id = useId()
  const listId = `${id}-list`
  const root = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLUListElement>(null)
  // The text while it is being edited; null shows the value.
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  const shown = text ?? display(value, airports)
  const options = open ? suggestAirports(airports, shown) : []
  const expanded = options.length > 0
  const optionId = (i: number) => `${id}-option-${i}`

  useEffect(() => {
    if (!open) return
    const away = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [open])

  useEffect(() => {
    if (active < 0) return
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active])

  function typed(next: string) {
    setText(next)
    setActive(-1)
    setOpen(next.trim().length > 0)
  }

  function choose(airport: Airport) {
    setText(null)
    setOpen(false)
    setActive(-1)
    onChange(airport.code)
  }

  function left() {
    setOpen(false)
    setActive(-1)
    if (text === null) return
    setText(null)
    onChange(airportCodeFrom(text))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!expanded) {
          if (shown.trim()) {
            setOpen(true)
            setActive(event.key === 'ArrowDown' ? 0 : -1)
          }
          return
        }
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length))
        return
      }
      case 'Enter': {
        const airport = expanded && active >= 0 ? options[active] : undefined
        if (airport) {
          event.preventDefault()
          choose(airport)
        }
        return
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        }
        return
    }
  }

  return (
    <Field.Root position="relative">
      <Box ref={root} w="full">
        <Field.Label htmlFor={id}>{label}</Field.Label>
        <Input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={shown}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={left}
          mt="1.5"
        />
        <Box
          as="ul"
          ref={list}
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          position="absolute"
          insetX="0"
          top="100%"
          mt="1"
          zIndex="dropdown"
          maxH="72"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="md"
          shadow="lg"
          py="1"
          listStyleType="none"
        >
          {options.map((airport, i) => (
            <Box
              as="li"
              key={airport.code}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={i === active}
              px="3"
              py="2"
              cursor="pointer"
              borderInlineStartWidth="3px"
              borderColor={i === active ? 'brand.solid' : 'transparent'}
              bg={i === active ? 'brand.subtle' : undefined}
              _hover={{ bg: 'bg.muted' }}
              // Keeps the input focused, so picking is not a blur that keeps the typed text.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(airport)}
            >
              <Text fontWeight="medium">{airportLabel(airport)}</Text>
              <Text textStyle="xs" color="fg.muted">
                {airport.name}
                {airport.country ? `, ${airport.country}` : ''}
              </Text>
            </Box>
          ))}
        </Box>
      </Box>
    </Field.Root>
  )
})

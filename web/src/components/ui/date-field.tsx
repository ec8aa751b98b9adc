import { Box } from '@chakra-ui/react/box'
import { IconButton } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Group } from '@chakra-ui/react/group'
import { Input } from '@chakra-ui/react/input'
import { memo, useId, useRef, useState } from 'react'
import { readDateText, toDisplayDate } from '@/lib/calendar-date'
import { CalendarIcon, ClearIcon } from './icons'

interface DateFieldProps {
  label: string
  /** YYYY-MM-DD, or '' for none. */
  value: string
  /** The earliest date that may be chosen (YYYY-MM-DD). */
  min?: string
  onChange: (value: string) => void
  /** A rule the date breaks (a form's message); the field's own reading comes first. */
  error?: string
  required?: boolean
}

/**
 * A date typed or read as dd-MM-yyyy (spec 5), whatever the browser's own
 * date format, with the browser's calendar behind a button and a clear button.
 * A complete, allowed date is taken as it is typed; anything else is explained
 * when the field is left, and the field then holds no date.
 */
export const DateField = memo(function DateField({
  label,
  value,
  min = '',
  onChange,
  error: ruleError = '',
  required = false,
}: DateFieldProps) {
  const id = useId()
  const describedBy = `${id}-description`
  const picker = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(() => toDisplayDate(value))
  const [error, setError] = useState('')
  // The value the text was last written from: a change from outside (a
  // cleared return date) rewrites the text.
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(toDisplayDate(value))
    setError('')
  }

  function take(date: string) {
    setShown(date)
    if (date !== value) onChange(date)
  }

  function typed(next: string) {
    setText(next)
    const reading = readDateText(next, min)
    if (reading.date) {
      setError('')
      take(reading.date)
    }
  }

  function left() {
    const reading = readDateText(text, min)
    if (reading.error !== undefined) {
      setError(reading.error)
      take('')
    } else {
      setError('')
      take(reading.date)
    }
  }

  function picked(date: string) {
    const reading = readDateText(toDisplayDate(date), min)
    const next = reading.date ?? ''
    setText(toDisplayDate(next))
    setError(reading.error ?? '')
    take(next)
  }

  function openCalendar() {
    const input = picker.current
    if (!input) return
    try {
      input.showPicker()
    } catch {
      input.focus()
    }
  }

  function clear() {
    setText('')
    setError('')
    take('')
  }

  return (
    <Field.Root
      invalid={Boolean(error || ruleError)}
      required={required}
      position="relative"
      ids={{ helperText: describedBy }}
    >
      <Field.Label htmlFor={id}>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Group attached w="full">
        <Input
          id={id}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd-mm-yyyy"
          onChange={(e) => typed(e.target.value)}
          onBlur={left}
        />
        {text ? (
          <IconButton aria-label={`Clear ${label}`} variant="outline" onClick={clear}>
            <ClearIcon />
          </IconButton>
        ) : null}
        <IconButton aria-label={`Choose ${label} from a calendar`} variant="outline" onClick={openCalendar}>
          <CalendarIcon />
        </IconButton>
      </Group>
      <Box position="absolute" bottom="0" right="0" w="1px" h="1px" overflow="hidden" opacity={0}>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min || undefined}
          value={value}
          onChange={(e) => picked(e.target.value)}
        />
      </Box>
      {/* Under the hint's id, so that the input is described by it (as FormField does). */}
      <Field.ErrorText id={describedBy} role="alert">
        {error || ruleError}
      </Field.ErrorText>
    </Field.Root>
  )
})

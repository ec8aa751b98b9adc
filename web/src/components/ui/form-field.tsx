import { Field } from '@chakra-ui/react/field'
import { useId, type ReactNode } from 'react'

interface FormFieldProps {
  label: string
  /** The field's validation message; its presence marks the field invalid. */
  error?: string
  required?: boolean
  helperText?: string
  /** The input; it picks up id, required and invalid state from the field. */
  children: ReactNode
}

/**
 * A labelled form field with its helper text and validation message. The
 * input is described by whichever of the two shows (`aria-describedby`), so a
 * screen reader reads the message with the field when a failed submit moves
 * the focus there (react-hook-form focuses the first invalid field); on its
 * own the field would point at its message only with `aria-errormessage`,
 * which several screen readers ignore. A message that appears while the
 * focus is elsewhere is announced politely (the message is a live region), so
 * a form's own alert banner is not talked over.
 */
export function FormField({ label, error, required = false, helperText, children }: FormFieldProps) {
  // The hint and the message take turns under the input, under one id.
  const describedBy = `${useId()}-description`
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ helperText: describedBy }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText id={describedBy}>{error}</Field.ErrorText>
    </Field.Root>
  )
}

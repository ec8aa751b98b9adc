import { Field } from '@chakra-ui/react/field'
import type { ReactNode } from 'react'

interface FormFieldProps {
  label: string
  /** The field's validation message; its presence marks the field invalid. */
  error?: string
  required?: boolean
  helperText?: string
  /** The input; it picks up id, required and invalid state from the field. */
  children: ReactNode
}

/** A labelled form field with its helper text and validation message. */
export function FormField({ label, error, required = false, helperText, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

import { Input } from '@chakra-ui/react/input'
import { ChakraProvider } from '@chakra-ui/react/styled-system'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { appSystem } from '@/theme'
import { DateField } from './date-field'
import { FormField } from './form-field'

function renderField(props: { error?: string; helperText?: string }) {
  return render(
    <ChakraProvider value={appSystem()}>
      <FormField label="Email" required {...props}>
        <Input type="email" />
      </FormField>
    </ChakraProvider>,
  )
}

function DateForm() {
  const [date, setDate] = useState('')
  return (
    <ChakraProvider value={appSystem()}>
      <DateField label="Departure" value={date} min="2030-01-01" onChange={setDate} />
      <button type="button">elsewhere</button>
    </ChakraProvider>
  )
}

describe('FormField', () => {
  it('describes the input by its hint while there is no error', () => {
    renderField({ helperText: 'We send the ticket here.' })
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAccessibleDescription('We send the ticket here.')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('describes an invalid input by its message, which is announced, in place of the hint', () => {
    renderField({ helperText: 'We send the ticket here.', error: 'Please enter a valid e-mail address.' })
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Please enter a valid e-mail address.')
    expect(screen.getByText('Please enter a valid e-mail address.')).toHaveAttribute('aria-live', 'polite')
    expect(screen.queryByText('We send the ticket here.')).toBeNull()
  })

  it('describes an input with no hint by its message once it shows', async () => {
    const { rerender } = renderField({})
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).not.toHaveAttribute('aria-describedby')
    rerender(
      <ChakraProvider value={appSystem()}>
        <FormField label="Email" required error="Please enter your e-mail.">
          <Input type="email" />
        </FormField>
      </ChakraProvider>,
    )
    // The field notices the message appear (a mutation observer) and points the input at it.
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please enter your e-mail.'))
  })
})

describe('DateField', () => {
  it('is set by typing the date, and a date it cannot read describes the input with why', async () => {
    const user = userEvent.setup()
    render(<DateForm />)
    const input = screen.getByRole('textbox', { name: 'Departure' })
    await user.type(input, '31-02')
    await user.tab()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Enter the date as dd-MM-yyyy.')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the date as dd-MM-yyyy.')

    await user.clear(input)
    await user.type(input, '15-03-2030')
    await user.tab()
    expect(input).toHaveValue('15-03-2030')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

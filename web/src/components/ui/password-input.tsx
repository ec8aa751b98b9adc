import { IconButton } from '@chakra-ui/react/button'
import { Input, type InputProps } from '@chakra-ui/react/input'
import { InputGroup } from '@chakra-ui/react/input-group'
import { useState, type Ref } from 'react'
import { EyeIcon, EyeOffIcon } from './icons'

export type PasswordInputProps = Omit<InputProps, 'type'> & { ref?: Ref<HTMLInputElement> }

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({ ref, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false)
  return (
    <InputGroup
      endElementProps={{ me: '-1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          color="fg.muted"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon boxSize="5" /> : <EyeIcon boxSize="5" />}
        </IconButton>
      }
    >
      <Input ref={ref} {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  )
}

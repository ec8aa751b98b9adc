import { Button } from '@chakra-ui/react/button'
import { Dialog } from '@chakra-ui/react/dialog'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { AccountType, AuthUser } from '../types'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

interface EmailStepProps {
  mode: 'login' | 'register'
  /** Sent with a registration. */
  accountType: AccountType
  onSuccess(user: AuthUser): void
  onSwitch(): void
  onMobile(): void
}

/** The dialog's emailLogin and emailRegister steps. */
export function EmailStep({ mode, accountType, onSuccess, onSwitch, onMobile }: EmailStepProps) {
  const login = mode === 'login'
  return (
    <Stack gap="4">
      <Dialog.Title fontSize="xl" color="brand.fg">
        {login ? 'Sign in with Email' : 'Create your account'}
      </Dialog.Title>
      {login ? <LoginForm onSuccess={onSuccess} /> : <RegisterForm onSuccess={onSuccess} accountType={accountType} />}
      <Text fontSize="sm">
        {login ? 'New to Paryatan? ' : 'Already have an account? '}
        <Button
          variant="plain"
          size="sm"
          px="0"
          height="auto"
          color="accent.fg"
          fontWeight="semibold"
          onClick={onSwitch}
        >
          {login ? 'Create one' : 'Sign in'}
        </Button>
      </Text>
      <Button variant="outline" onClick={onMobile} alignSelf="flex-start" size="sm">
        Use mobile number instead
      </Button>
    </Stack>
  )
}

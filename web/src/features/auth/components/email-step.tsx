import { Button, Dialog, Stack, Text } from '@chakra-ui/react'

interface EmailStepProps {
  mode: 'login' | 'register'
  onSwitch(): void
  onMobile(): void
}

/** The e-mail sign-in and registration steps. Their forms arrive with the auth API. */
export function EmailStep({ mode, onSwitch, onMobile }: EmailStepProps) {
  const login = mode === 'login'
  return (
    <Stack gap="4">
      <Dialog.Title fontSize="xl" color="brand.fg">
        {login ? 'Sign in with Email' : 'Create your account'}
      </Dialog.Title>
      <Text color="fg.muted">
        {login
          ? 'E-mail sign-in is being set up and will be available here shortly.'
          : 'E-mail registration is being set up and will be available here shortly.'}
      </Text>
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

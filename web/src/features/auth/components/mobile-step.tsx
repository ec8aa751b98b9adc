import { IconButton } from '@chakra-ui/react/button'
import { Separator } from '@chakra-ui/react/separator'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { GoogleIcon, MailIcon } from '@/components/ui/icons'
import type { AccountType } from '../types'
import { MobileNumberForm } from './mobile-number-form'

export { MOBILE_OTP_COMING_SOON } from './mobile-number-form'

/** The browser address that starts Google sign-in and comes back to `from`; a MyBiz sign-up says so. */
export function googleStartUrl(from: string, accountType: AccountType = 'personal'): string {
  const url = `/api/oauth/google/start?from=${encodeURIComponent(from)}`
  return accountType === 'biz' ? `${url}&type=biz` : url
}

interface MobileStepProps {
  from: string
  accountType: AccountType
  onEmail(): void
  /** A pointer over, or focus on, the e-mail button: its step is likely next. */
  onEmailNear?(): void
}

export function MobileStep({ from, accountType, onEmail, onEmailNear }: MobileStepProps) {
  return (
    <Stack gap="5">
      <MobileNumberForm />

      <HStack gap="3">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted" flexShrink={0}>
          Or login / sign up with
        </Text>
        <Separator flex="1" />
      </HStack>

      <HStack justify="center" gap="4">
        <IconButton
          aria-label="Continue with Google"
          variant="outline"
          rounded="full"
          size="lg"
          onClick={() => window.location.assign(googleStartUrl(from, accountType))}
        >
          <GoogleIcon boxSize="5" />
        </IconButton>
        <IconButton
          aria-label="Continue with Email"
          variant="outline"
          rounded="full"
          size="lg"
          onPointerEnter={onEmailNear}
          onFocus={onEmailNear}
          onClick={onEmail}
        >
          <MailIcon boxSize="5" color="brand.fg" />
        </IconButton>
      </HStack>
    </Stack>
  )
}

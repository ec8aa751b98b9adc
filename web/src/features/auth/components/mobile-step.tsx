import {
  Alert,
  Button,
  Field,
  Group,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useId, useState } from 'react'
import { GoogleIcon, MailIcon } from '@/components/ui/icons'
import type { AccountType } from '../types'
import { COUNTRY_CODES, INVALID_MOBILE_MESSAGE, isValidMobile } from '../utils/mobile-number'

export const MOBILE_OTP_COMING_SOON = 'Mobile OTP login coming soon. Use Email or Google for now.'

/** The browser address that starts Google sign-in and comes back to `from`; a MyBiz sign-up says so. */
export function googleStartUrl(from: string, accountType: AccountType = 'personal'): string {
  const url = `/api/oauth/google/start?from=${encodeURIComponent(from)}`
  return accountType === 'biz' ? `${url}&type=biz` : url
}

interface MobileStepProps {
  from: string
  accountType: AccountType
  onEmail(): void
}

export function MobileStep({ from, accountType, onEmail }: MobileStepProps) {
  const [countryCode, setCountryCode] = useState<string>(COUNTRY_CODES[0])
  const [mobile, setMobile] = useState('')
  const [notice, setNotice] = useState(false)
  const inputId = useId()

  const valid = isValidMobile(countryCode, mobile)
  const invalid = mobile.trim() !== '' && !valid

  return (
    <Stack asChild gap="5">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (valid) setNotice(true)
        }}
      >
        <Field.Root invalid={invalid}>
          <Field.Label htmlFor={inputId}>Mobile Number</Field.Label>
          <Group attached width="full">
            <NativeSelect.Root width="28" flexShrink={0}>
              <NativeSelect.Field
                aria-label="Country code"
                value={countryCode}
                onChange={(event) => {
                  setCountryCode(event.currentTarget.value)
                  setNotice(false)
                }}
              >
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input
              id={inputId}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="Enter mobile number"
              value={mobile}
              onChange={(event) => {
                setMobile(event.currentTarget.value)
                setNotice(false)
              }}
            />
          </Group>
          <Field.ErrorText>{INVALID_MOBILE_MESSAGE}</Field.ErrorText>
        </Field.Root>

        <Button type="submit" colorPalette="terracotta" size="lg" disabled={!valid}>
          Continue
        </Button>

        {notice ? (
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>{MOBILE_OTP_COMING_SOON}</Alert.Title>
          </Alert.Root>
        ) : null}

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
          <IconButton aria-label="Continue with Email" variant="outline" rounded="full" size="lg" onClick={onEmail}>
            <MailIcon boxSize="5" color="brand.fg" />
          </IconButton>
        </HStack>
      </form>
    </Stack>
  )
}

import { Alert } from '@chakra-ui/react/alert'
import { Button } from '@chakra-ui/react/button'
import { Field } from '@chakra-ui/react/field'
import { Group } from '@chakra-ui/react/group'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Stack } from '@chakra-ui/react/stack'
import { useId, useState } from 'react'
import { checkMobile, MOBILE_MESSAGE } from '@/lib/validation'
import { COUNTRY_CODES } from '../utils/mobile-number'

export const MOBILE_OTP_COMING_SOON = 'Mobile OTP login coming soon. Use Email or Google for now.'

/**
 * The mobile number with its country code and Continue. One-time codes are not
 * sent yet, so a valid number is answered with a notice (product spec 8).
 */
export function MobileNumberForm() {
  const [countryCode, setCountryCode] = useState<string>(COUNTRY_CODES[0])
  const [mobile, setMobile] = useState('')
  const [notice, setNotice] = useState(false)
  const inputId = useId()

  const valid = checkMobile(countryCode, mobile) === ''
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
        <Field.Root invalid={invalid} ids={{ helperText: `${inputId}-description` }}>
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
          {/* Under the hint's id, so that the input is described by it (as FormField does); shown while typing,
              it is announced politely rather than as an alert. */}
          <Field.ErrorText id={`${inputId}-description`}>{MOBILE_MESSAGE}</Field.ErrorText>
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
      </form>
    </Stack>
  )
}

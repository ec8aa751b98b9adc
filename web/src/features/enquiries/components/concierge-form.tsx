import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Checkbox } from '@chakra-ui/react/checkbox'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Input } from '@chakra-ui/react/input'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Textarea } from '@chakra-ui/react/textarea'
import { Wrap } from '@chakra-ui/react/wrap'
import { useEffect, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { useEnquirySender } from '../hooks/use-enquiry-sender'
import {
  CONCIERGE_THANKS,
  conciergeCheck,
  conciergeDefaults,
  conciergeInput,
  conciergeMail,
  cruiseSummary,
  TRAVEL_STYLES,
  type ConciergeFieldName,
  type ConciergePrefill,
  type ConciergeValues,
} from '../lib/concierge'
import type { FormUser, TravelStyle } from '../types'
import { EnquiryFailureNotice } from './enquiry-failure-notice'
import { EnquirySent } from './enquiry-sent'

export const SIGN_IN_HINT = 'Sign in, or type your e-mail address, so we can reply to you.'

const FIELD_NAMES: readonly ConciergeFieldName[] = [
  'name',
  'email',
  'phone',
  'destinations',
  'dates',
  'budget',
  'travellers',
  'notes',
  'styles',
  'cruise.destination',
  'cruise.port',
  'cruise.dates',
  'cruise.duration',
  'cruise.travellers',
]

const styleLabel = (s: TravelStyle) => s.charAt(0).toUpperCase() + s.slice(1)

interface ConciergeFormProps {
  /** What the page's address handed over (conciergePrefill). */
  prefill: ConciergePrefill
  user?: FormUser | null
  /** Opens the sign-in dialog: a request needs an e-mail to answer, typed or the account's. */
  onSignIn: () => void
}

/** The concierge lead form (spec 2.11, 5): sent to the holidays team, answered with a reference. */
export function ConciergeForm({ prefill, user, onSignIn }: ConciergeFormProps) {
  const sender = useEnquirySender()
  const [askedToSignIn, setAskedToSignIn] = useState(false)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ConciergeValues>({ defaultValues: conciergeDefaults(prefill, user) })

  // The session may arrive after the form: fill the name and e-mail if still empty.
  useEffect(() => {
    if (!user) return
    if (!getValues('name')) setValue('name', user.fullName)
    if (!getValues('email')) setValue('email', user.email)
  }, [user, getValues, setValue])

  // Every field has a default value, so the whole form is watched.
  const values = useWatch({ control }) as ConciergeValues

  const submit = handleSubmit(async (v) => {
    const check = conciergeCheck(v, user?.email)
    if (check.kind === 'signIn') {
      setAskedToSignIn(true)
      onSignIn()
      return
    }
    setAskedToSignIn(false)
    if (check.kind === 'invalid') {
      setError(check.field, { type: 'rule', message: check.message })
      setFocus(check.field)
      return
    }
    await sender.send(conciergeInput(v, prefill.source), (failure) => {
      if (failure.kind !== 'field') return false
      const field = FIELD_NAMES.find((f) => f === failure.field)
      if (!field) return false
      setError(field, { type: 'server', message: failure.message })
      if (field !== 'styles') setFocus(field)
      return true
    })
  })

  if (sender.sent) {
    return (
      <EnquirySent
        enquiry={sender.sent}
        thanks={CONCIERGE_THANKS}
        email={values.email.trim() || user?.email}
        signedIn={Boolean(user)}
      />
    )
  }

  const cruise = values.cruise
  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body>
        <Stack asChild gap="4">
          <form noValidate onSubmit={submit} aria-labelledby="concierge-form-heading">
            <Heading as="h2" size="xl" id="concierge-form-heading" color="brand.fg">
              Tell us about your trip
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <FormField label="Name" required error={errors.name?.message}>
                <Input autoComplete="name" {...register('name')} />
              </FormField>
              <FormField label="Email" required error={errors.email?.message}>
                <Input type="email" inputMode="email" autoComplete="email" {...register('email')} />
              </FormField>
              <FormField label="Phone" error={errors.phone?.message}>
                <Input type="tel" autoComplete="tel" placeholder="+91XXXXXXXXXX" {...register('phone')} />
              </FormField>
              <FormField label="Destinations" error={errors.destinations?.message}>
                <Input placeholder="e.g. Bali, or the Maldives" {...register('destinations')} />
              </FormField>
              <Stack gap="2">
                <FormField label="Dates" error={errors.dates?.message}>
                  <Input placeholder="e.g. 20–28 December" {...register('dates')} />
                </FormField>
                <Controller
                  control={control}
                  name="flexible"
                  render={({ field }) => (
                    <Checkbox.Root
                      checked={field.value}
                      onCheckedChange={(e) => field.onChange(e.checked === true)}
                      colorPalette="brand"
                      size="sm"
                    >
                      <Checkbox.HiddenInput onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>My dates are flexible</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                />
              </Stack>
              <FormField label="Budget" error={errors.budget?.message}>
                <Input placeholder="e.g. ₹1,50,000 for two" {...register('budget')} />
              </FormField>
              <FormField label="Travellers" error={errors.travellers?.message}>
                <Input placeholder="e.g. 2 adults, 1 child" {...register('travellers')} />
              </FormField>
            </Grid>

            <Controller
              control={control}
              name="styles"
              render={({ field }) => (
                <Fieldset.Root invalid={Boolean(errors.styles)}>
                  <Fieldset.Legend fontWeight="medium" fontSize="sm">
                    Travel style
                  </Fieldset.Legend>
                  <Wrap gap="2" mt="2">
                    {TRAVEL_STYLES.map((style) => {
                      const on = field.value.includes(style)
                      return (
                        <Button
                          key={style}
                          size="sm"
                          rounded="full"
                          variant={on ? 'solid' : 'outline'}
                          colorPalette="brand"
                          aria-pressed={on}
                          onClick={() =>
                            field.onChange(on ? field.value.filter((s) => s !== style) : [...field.value, style])
                          }
                        >
                          {styleLabel(style)}
                        </Button>
                      )
                    })}
                  </Wrap>
                  <Fieldset.ErrorText>{errors.styles?.message}</Fieldset.ErrorText>
                </Fieldset.Root>
              )}
            />

            {cruise ? (
              <Fieldset.Root borderWidth="1px" borderColor="border" rounded="md" p="4" data-testid="cruise-handoff">
                <Fieldset.Legend fontWeight="semibold" color="brand.fg" px="1">
                  Your cruise search
                </Fieldset.Legend>
                <Text fontSize="sm" color="fg.muted" data-testid="cruise-summary">
                  {cruiseSummary(cruise) || 'Add what you have in mind below.'}
                </Text>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" mt="2">
                  <FormField label="Cruise destination" error={errors.cruise?.destination?.message}>
                    <Input {...register('cruise.destination')} />
                  </FormField>
                  <FormField label="Departure port" error={errors.cruise?.port?.message}>
                    <Input {...register('cruise.port')} />
                  </FormField>
                  <FormField label="Cruise dates" error={errors.cruise?.dates?.message}>
                    <Input {...register('cruise.dates')} />
                  </FormField>
                  <FormField label="Duration" error={errors.cruise?.duration?.message}>
                    <Input {...register('cruise.duration')} />
                  </FormField>
                  <FormField label="Cruise travellers" error={errors.cruise?.travellers?.message}>
                    <Input {...register('cruise.travellers')} />
                  </FormField>
                </Grid>
              </Fieldset.Root>
            ) : null}

            <FormField label="Notes" error={errors.notes?.message}>
              <Textarea rows={4} placeholder="Occasions, must-sees, hotels you love…" {...register('notes')} />
            </FormField>
            <HStack gap="2" fontSize="sm" color="fg.muted">
              <Text>Source:</Text>
              <Text data-testid="concierge-source" fontWeight="medium" color="fg">
                {prefill.blog ? `blog · ${prefill.blog}` : prefill.source === 'Direct' ? 'Direct' : prefill.source}
              </Text>
            </HStack>

            {askedToSignIn ? (
              <Alert.Root status="info" variant="subtle" role="status">
                <Alert.Indicator />
                <Alert.Title>{SIGN_IN_HINT}</Alert.Title>
              </Alert.Root>
            ) : null}
            {sender.failure ? (
              <EnquiryFailureNotice failure={sender.failure} draft={conciergeMail(values, prefill.source)} />
            ) : null}
            <Box>
              <Button type="submit" colorPalette="terracotta" loading={sender.sending} loadingText="Sending…">
                Send to a concierge
              </Button>
            </Box>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

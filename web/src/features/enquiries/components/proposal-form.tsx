import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Textarea } from '@chakra-ui/react/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { useEnquirySender } from '../hooks/use-enquiry-sender'
import {
  EVENT_TYPES,
  PROPOSAL_FIELDS,
  PROPOSAL_THANKS,
  proposalDefaults,
  proposalInput,
  proposalMail,
  proposalSchema,
  type EventType,
  type ProposalValues,
} from '../lib/proposal'
import type { FormUser } from '../types'
import { EnquiryFailureNotice } from './enquiry-failure-notice'
import { EnquirySent } from './enquiry-sent'

interface ProposalFormProps {
  /** The event type picked on the page (its pills); the form follows it. */
  eventType: EventType
  user?: FormUser | null
}

/** 'Request a Proposal' (spec 2.6): sent to the MICE team, answered with a reference. */
export function ProposalForm({ eventType, user }: ProposalFormProps) {
  const sender = useEnquirySender()
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<ProposalValues>({
    resolver: zodResolver(proposalSchema),
    mode: 'onTouched',
    defaultValues: proposalDefaults(eventType, user),
  })

  useEffect(() => {
    setValue('eventType', eventType)
  }, [eventType, setValue])

  // The session may arrive after the form: fill what is still empty.
  useEffect(() => {
    if (!user) return
    const fill = { name: user.fullName, email: user.email, phone: user.phone ?? '' } as const
    for (const [key, value] of Object.entries(fill) as [keyof typeof fill, string][]) {
      if (value && !getValues(key)) setValue(key, value)
    }
  }, [user, getValues, setValue])

  // Every field has a default value, so the whole form is watched.
  const values = useWatch({ control }) as ProposalValues

  const submit = handleSubmit(async (v) => {
    await sender.send(proposalInput(v), (failure) => {
      const field = PROPOSAL_FIELDS.find((f) => failure.kind === 'field' && f === failure.field)
      if (!field || failure.kind !== 'field') return false
      setError(field, { type: 'server', message: failure.message })
      setFocus(field)
      return true
    })
  })

  if (sender.sent) {
    return (
      <EnquirySent enquiry={sender.sent} thanks={PROPOSAL_THANKS} email={values.email.trim()} signedIn={Boolean(user)}>
        <Button
          variant="outline"
          colorPalette="brand"
          alignSelf="flex-start"
          size="sm"
          onClick={() => {
            reset(proposalDefaults(eventType, user))
            sender.reset()
          }}
        >
          Send another request
        </Button>
      </EnquirySent>
    )
  }

  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body>
        <Stack asChild gap="4">
          <form noValidate onSubmit={submit} aria-labelledby="proposal-heading">
            <Heading as="h2" size="xl" id="proposal-heading" color="brand.fg">
              Request a Proposal
            </Heading>
            <Text color="fg.muted">
              Tell us about your event. Our MICE team sends a costed proposal, usually within two working days.
            </Text>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <FormField label="Full Name" required error={errors.name?.message}>
                <Input autoComplete="name" {...register('name')} />
              </FormField>
              <FormField label="Company" required error={errors.company?.message}>
                <Input autoComplete="organization" {...register('company')} />
              </FormField>
              <FormField label="Email" required error={errors.email?.message}>
                <Input type="email" inputMode="email" autoComplete="email" {...register('email')} />
              </FormField>
              <FormField label="Phone" required error={errors.phone?.message}>
                <Input type="tel" autoComplete="tel" placeholder="+91XXXXXXXXXX" {...register('phone')} />
              </FormField>
              <FormField label="Event type" error={errors.eventType?.message}>
                <NativeSelect.Root>
                  <NativeSelect.Field {...register('eventType')}>
                    {EVENT_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label="Group size" error={errors.groupSize?.message}>
                <Input placeholder="e.g. 80 delegates" {...register('groupSize')} />
              </FormField>
              <FormField label="Dates" error={errors.dates?.message}>
                <Input placeholder="e.g. 12–14 March 2027" {...register('dates')} />
              </FormField>
              <FormField label="Destination" error={errors.destination?.message}>
                <Input placeholder="e.g. Goa, Jaipur or Dubai" {...register('destination')} />
              </FormField>
              <FormField label="Budget" error={errors.budget?.message}>
                <Input placeholder="e.g. ₹25,000 per person" {...register('budget')} />
              </FormField>
            </Grid>
            <FormField label="Notes" error={errors.notes?.message}>
              <Textarea rows={4} placeholder="Agenda, rooming, AV, dietary needs…" {...register('notes')} />
            </FormField>
            {sender.failure ? <EnquiryFailureNotice failure={sender.failure} draft={proposalMail(values)} /> : null}
            <Button
              type="submit"
              colorPalette="terracotta"
              alignSelf="flex-start"
              loading={sender.sending}
              loadingText="Sending…"
            >
              Send request
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

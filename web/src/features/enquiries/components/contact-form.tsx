import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { Heading } from '@chakra-ui/react/heading'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Stack } from '@chakra-ui/react/stack'
import { Textarea } from '@chakra-ui/react/textarea'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { useEnquirySender } from '../hooks/use-enquiry-sender'
import {
  canSend,
  CONTACT_THANKS,
  CONTACT_TOPICS,
  contactInput,
  contactMail,
  type ContactTopic,
  type ContactValues,
} from '../lib/contact'
import type { FormUser } from '../types'
import { EnquiryFailureNotice } from './enquiry-failure-notice'
import { EnquirySent } from './enquiry-sent'

const FIELDS = ['topic', 'name', 'email', 'phone', 'message'] as const

interface ContactFormProps {
  user?: FormUser | null
  /** The topic to start with (General when absent). */
  topic?: ContactTopic
  /** Opens the sign-in dialog: sending a message needs a signed-in traveller (spec 6). */
  onSignIn: () => void
}

/**
 * The contact page's message form (spec 2.12, 4, 5): Send stays disabled until
 * name, e-mail and message hold more than spaces, while sending, and once sent.
 * A signed-in traveller's e-mail fills and locks the e-mail field; a visitor
 * who sends is asked to sign in first.
 */
export function ContactForm({ user, topic = 'General', onSignIn }: ContactFormProps) {
  const sender = useEnquirySender()
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<ContactValues>({
    defaultValues: {
      topic,
      name: user?.fullName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      message: '',
    },
  })

  // Signing in (here, or after the form was drawn) fills and locks the e-mail, and fills an empty name.
  useEffect(() => {
    if (!user) return
    setValue('email', user.email)
    if (!getValues('name').trim()) setValue('name', user.fullName)
    if (user.phone && !getValues('phone').trim()) setValue('phone', user.phone)
  }, [user, getValues, setValue])

  // Every field has a default value, so the whole form is watched.
  const values = useWatch({ control }) as ContactValues
  const sent = sender.sent !== null
  const enabled = canSend(values, sender.sending, sent)

  const submit = handleSubmit(async (v) => {
    if (!canSend(v, sender.sending, sent)) return
    if (!user) {
      onSignIn()
      return
    }
    await sender.send(contactInput({ ...v, email: user.email }), (failure) => {
      if (failure.kind === 'signIn') {
        onSignIn()
        return false
      }
      const field = FIELDS.find((f) => failure.kind === 'field' && f === failure.field)
      if (!field || failure.kind !== 'field') return false
      setError(field, { type: 'server', message: failure.message })
      setFocus(field)
      return true
    })
  })

  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body>
        <Stack asChild gap="4">
          <form noValidate onSubmit={submit} aria-labelledby="contact-form-heading">
            <Heading as="h2" size="xl" id="contact-form-heading" color="brand.fg">
              Send us a message
            </Heading>
            <FormField label="Topic" error={errors.topic?.message}>
              <NativeSelect.Root disabled={sent}>
                <NativeSelect.Field {...register('topic')}>
                  {CONTACT_TOPICS.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <FormField label="Name" required error={errors.name?.message}>
                <Input autoComplete="name" readOnly={sent} {...register('name')} />
              </FormField>
              <FormField
                label="Email"
                required
                error={errors.email?.message}
                helperText={user ? 'The e-mail of the account you are signed in with.' : undefined}
              >
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  readOnly={Boolean(user) || sent}
                  aria-readonly={Boolean(user) || sent}
                  bg={user ? 'bg.muted' : undefined}
                  {...register('email')}
                />
              </FormField>
              <FormField label="Phone (optional)" error={errors.phone?.message}>
                <Input
                  type="tel"
                  autoComplete="tel"
                  placeholder="+91XXXXXXXXXX"
                  readOnly={sent}
                  {...register('phone')}
                />
              </FormField>
            </Grid>
            <FormField label="Message" required error={errors.message?.message}>
              <Textarea rows={5} readOnly={sent} {...register('message')} />
            </FormField>
            {sender.failure ? <EnquiryFailureNotice failure={sender.failure} draft={contactMail(values)} /> : null}
            {sender.sent ? (
              <EnquirySent enquiry={sender.sent} thanks={CONTACT_THANKS} email={user?.email} signedIn={Boolean(user)} />
            ) : null}
            <Button
              type="submit"
              colorPalette="terracotta"
              alignSelf="flex-start"
              disabled={!enabled}
              loading={sender.sending}
              loadingText="Sending…"
            >
              {sent ? 'Sent' : 'Send'}
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

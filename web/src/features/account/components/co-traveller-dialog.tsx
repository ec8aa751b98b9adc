import { Alert } from '@chakra-ui/react/alert'
import { Button, CloseButton } from '@chakra-ui/react/button'
import { Dialog } from '@chakra-ui/react/dialog'
import { Flex } from '@chakra-ui/react/flex'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { Portal } from '@chakra-ui/react/portal'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { useState } from 'react'
import { useForm, type UseFormRegister } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { useSaveCoTraveller } from '../api/save-co-traveller'
import type { CoTraveller } from '../types'
import {
  CO_TRAVELLER_FIELDS,
  isCoTravellerFieldName,
  toCoTravellerForm,
  type CoTravellerField,
  type CoTravellerFieldName,
} from '../utils/co-traveller-fields'
import { fieldError } from '../utils/field-error'

export const SAVE_FAILED = 'Save failed'

interface FieldInputProps {
  field: CoTravellerField
  register: UseFormRegister<CoTraveller>
  /** The value saved before: a select offers it too when it is none of its choices, so it is not lost. */
  saved: string
}

function FieldInput({ field, register, saved }: FieldInputProps) {
  if (field.options) {
    const kept = saved !== '' && !field.options.some((option) => option.value === saved)
    return (
      <NativeSelect.Root>
        <NativeSelect.Field {...register(field.name)}>
          <option value="">{field.emptyLabel ?? 'Select'}</option>
          {kept ? <option value={saved}>{saved}</option> : null}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    )
  }
  return (
    <Input
      type={field.type ?? 'text'}
      placeholder={field.date ? 'YYYY-MM-DD' : field.placeholder}
      inputMode={field.date ? 'numeric' : undefined}
      maxLength={field.date ? 10 : undefined}
      autoComplete="off"
      {...register(field.name)}
    />
  )
}

/** The form's starting value of a (dotted) field. */
function savedValue(initial: CoTraveller, name: CoTravellerFieldName): string {
  const value = name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], initial)
  return typeof value === 'string' ? value : ''
}

function CoTravellerForm({ initial, onDone }: { initial: CoTraveller; onDone: () => void }) {
  const save = useSaveCoTraveller()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CoTraveller>({ defaultValues: initial })

  const submit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      await save.mutateAsync(toCoTravellerForm({ ...values, _id: initial._id }))
    } catch (error) {
      console.error('Could not save the co-traveller', error)
      const message = error instanceof Error ? error.message : ''
      const field = error instanceof ApiError ? error.field : undefined
      if (error instanceof ApiError && error.status === 400 && isCoTravellerFieldName(field)) {
        setError(field, { type: 'server', message })
      }
      setFailure(message)
      return
    }
    onDone()
  })

  return (
    <Flex asChild direction="column" flex="1" minH="0">
      <form noValidate onSubmit={submit} aria-label={initial._id ? 'Edit co-traveller' : 'Add co-traveller'}>
        <Dialog.Body>
          <Stack gap="4">
            {failure !== null ? (
              <Alert.Root status="error" variant="subtle" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{SAVE_FAILED}</Alert.Title>
                  {failure ? <Alert.Description>{failure}</Alert.Description> : null}
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {CO_TRAVELLER_FIELDS.map((field) => (
                <FormField
                  key={field.name}
                  label={field.label}
                  required={field.required}
                  error={fieldError(errors, field.name)}
                >
                  <FieldInput field={field} register={register} saved={savedValue(initial, field.name)} />
                </FormField>
              ))}
            </SimpleGrid>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="terracotta" loading={isSubmitting}>
            Save
          </Button>
        </Dialog.Footer>
      </form>
    </Flex>
  )
}

interface CoTravellerDialogProps {
  /** The co-traveller being edited, an empty one to add, or null when closed. */
  coTraveller: CoTraveller | null
  onClose: () => void
}

/** Adds or edits a co-traveller; closes once saved (the list reloads). */
export function CoTravellerDialog({ coTraveller, onClose }: CoTravellerDialogProps) {
  return (
    <Dialog.Root
      open={coTraveller !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title color="brand.fg">
                {coTraveller?._id ? 'Edit co-traveller' : 'Add co-traveller'}
              </Dialog.Title>
            </Dialog.Header>
            {coTraveller ? <CoTravellerForm initial={toCoTravellerForm(coTraveller)} onDone={onClose} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

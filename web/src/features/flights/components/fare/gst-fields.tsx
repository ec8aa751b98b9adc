import { Checkbox } from '@chakra-ui/react/checkbox'
import { Heading } from '@chakra-ui/react/heading'
import { Input } from '@chakra-ui/react/input'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { memo } from 'react'
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { GST_REQUIRED, type BookingValues, type FareRules } from '../../lib/passenger'

type Form = Pick<UseFormReturn<BookingValues>, 'register' | 'control' | 'setValue' | 'formState'>

interface GSTFieldsProps {
  form: Form
  rules: FareRules
  /** The account has a company on file (a MyBiz account): its details fill the fields. */
  hasCompany: boolean
}

/**
 * The company's GST details for the invoice: offered when the fare allows
 * GST, required and open when it needs them, absent otherwise.
 */
export const GSTFields = memo(function GSTFields({ form, rules, hasCompany }: GSTFieldsProps) {
  const { register, control, setValue } = form
  const wanted = useWatch({ control, name: 'gst.wanted' })
  const gstErrors = useFormState({ control, name: 'gst' }).errors.gst
  if (!rules.gstAllowed) return null
  const errors = gstErrors ?? {}
  const open = rules.gstMandatory || wanted
  return (
    <Stack gap="4" as="section" aria-labelledby="gst-heading">
      <Heading as="h3" size="md" id="gst-heading">
        GST details for your company&apos;s invoice
      </Heading>
      {rules.gstMandatory ? (
        <Text>{GST_REQUIRED}</Text>
      ) : (
        <Checkbox.Root
          checked={wanted}
          onCheckedChange={(e) => setValue('gst.wanted', e.checked === true, { shouldDirty: true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{hasCompany ? "Use my company's GST details" : 'Add GST details'}</Checkbox.Label>
        </Checkbox.Root>
      )}
      {open ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label="GSTIN"
            required
            helperText="15 characters, like 27AAPFU0939F1ZV"
            error={errors.gstin?.message}
          >
            <Input autoComplete="off" maxLength={15} {...register('gst.gstin')} />
          </FormField>
          <FormField label="Company name" required error={errors.companyName?.message}>
            <Input autoComplete="organization" {...register('gst.companyName')} />
          </FormField>
          <FormField label="Registered address" required error={errors.address?.message}>
            <Input autoComplete="off" {...register('gst.address')} />
          </FormField>
          <FormField label="Company contact number" required error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" {...register('gst.phone')} />
          </FormField>
          <FormField label="Company e-mail" required error={errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="off" {...register('gst.email')} />
          </FormField>
        </SimpleGrid>
      ) : null}
    </Stack>
  )
})

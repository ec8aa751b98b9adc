import { Box } from '@chakra-ui/react/box'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Input } from '@chakra-ui/react/input'
import { NativeSelect } from '@chakra-ui/react/native-select'
import { SimpleGrid } from '@chakra-ui/react/simple-grid'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { memo } from 'react'
import { Controller, useFormState, type FieldErrors, type UseFormReturn } from 'react-hook-form'
import { DateField } from '@/components/ui/date-field'
import { FormField } from '@/components/ui/form-field'
import { MEALS } from '@/lib/meals'
import { PAX_ADULT } from '@/lib/validation'
import {
  GENDERS,
  genderOfTitle,
  PAN_REASON,
  PASSPORT_REASON,
  slotHeading,
  titlesFor,
  travellerFrom,
  type BookingValues,
  type FareRules,
  type KnownPerson,
  type Slot,
  type TravellerValues,
} from '../../lib/passenger'

type Form = Pick<UseFormReturn<BookingValues>, 'register' | 'control' | 'setValue' | 'getValues' | 'formState'>

function Select({ children, ...field }: React.ComponentProps<typeof NativeSelect.Field>) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field}>{children}</NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

interface TravellerFieldsProps {
  form: Form
  index: number
  slot: Slot
  rules: FareRules
  people: KnownPerson[]
  /** The people other forms were filled from. */
  taken: ReadonlySet<string>
}

const FIELDS: (keyof TravellerValues)[] = [
  'source',
  'title',
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'pan',
  'passportNo',
  'passportExpiry',
  'passportCountry',
  'ffAirline',
  'ffNumber',
  'meal',
]

/**
 * One traveller's form (spec 3): who they are, the documents the fare asks for, frequent flyer and meal.
 * Memoised, it renders again when what it is given or its own errors change, not with each render of the
 * booking form around it (the form's state settling as it mounts, the extras coming in): on a slow phone
 * those re-renders of every field were the page's longest tasks after the form came in.
 */
export const TravellerFields = memo(function TravellerFields({
  form,
  index,
  slot,
  rules,
  people,
  taken,
}: TravellerFieldsProps) {
  const { register, control, setValue } = form
  const formErrors = useFormState({ control, name: `travellers.${index}` }).errors
  const errors: FieldErrors<TravellerValues> = formErrors.travellers?.[index] ?? {}
  const name = <K extends keyof TravellerValues>(field: K) => `travellers.${index}.${field}` as const
  const heading = slotHeading(slot)
  const headingId = `traveller-${index}-heading`

  const fill = (id: string) => {
    const values = travellerFrom(
      people.find((p) => p.id === id),
      slot.paxType,
    )
    for (const field of FIELDS) setValue(name(field), values[field], { shouldDirty: true })
  }

  const extrasError = errors.ffAirline ?? errors.ffNumber ?? errors.meal
  return (
    <Fieldset.Root aria-labelledby={headingId} gap="4">
      <Text as="h3" id={headingId} textStyle="lg" fontWeight="semibold">
        {heading}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField label="Fill from" helperText="Someone you have saved, or type below">
          <Select
            {...register(name('source'), {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => fill(e.target.value),
            })}
          >
            <option value="">New traveller</option>
            {people.map((p) => (
              <option key={p.id} value={p.id} disabled={taken.has(p.id)}>
                {p.label}
              </option>
            ))}
          </Select>
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField label="Title" required error={errors.title?.message}>
          <Select
            {...register(name('title'), {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const gender = genderOfTitle(e.target.value)
                if (gender) setValue(name('gender'), gender)
              },
            })}
          >
            <option value="">Select</option>
            {titlesFor(slot.paxType).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="First name" required error={errors.firstName?.message}>
          <Input autoComplete={slot.lead ? 'given-name' : 'off'} {...register(name('firstName'))} />
        </FormField>
        <FormField label="Last name" required error={errors.lastName?.message}>
          <Input autoComplete={slot.lead ? 'family-name' : 'off'} {...register(name('lastName'))} />
        </FormField>
        <Controller
          control={control}
          name={name('dateOfBirth')}
          render={({ field, fieldState }) => (
            <DateField
              label="Date of birth"
              required
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormField label="Gender" required error={errors.gender?.message}>
          <Select {...register(name('gender'))}>
            <option value="">Select</option>
            {GENDERS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </Select>
        </FormField>
        {rules.needsPAN && slot.paxType === PAX_ADULT ? (
          <FormField label="PAN" required helperText="Like ABCDE1234F" error={errors.pan?.message}>
            <Input autoComplete="off" maxLength={10} {...register(name('pan'))} />
          </FormField>
        ) : null}
      </SimpleGrid>
      {slot.lead ? <LeadContactFields form={form} /> : null}
      {rules.needsPassport ? (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Passport number" required error={errors.passportNo?.message}>
            <Input autoComplete="off" {...register(name('passportNo'))} />
          </FormField>
          <Controller
            control={control}
            name={name('passportExpiry')}
            render={({ field, fieldState }) => (
              <DateField
                label="Passport expiry"
                required
                min={rules.today}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormField
            label="Passport issuing country"
            required
            helperText="Two letters, like IN"
            error={errors.passportCountry?.message}
          >
            <Input autoComplete="off" maxLength={2} {...register(name('passportCountry'))} />
          </FormField>
        </SimpleGrid>
      ) : null}
      <chakra.details borderWidth="1px" borderColor="border" rounded="md" p="3" open={extrasError ? true : undefined}>
        <chakra.summary
          cursor="pointer"
          fontWeight="medium"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
        >
          {rules.takesMeal ? 'Frequent flyer and meal' : 'Frequent flyer'}
        </chakra.summary>
        <Box mt="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField
              label="Frequent flyer airline"
              helperText="Two characters, like AI"
              error={errors.ffAirline?.message}
            >
              <Input autoComplete="off" maxLength={2} {...register(name('ffAirline'))} />
            </FormField>
            <FormField label="Frequent flyer number" error={errors.ffNumber?.message}>
              <Input autoComplete="off" maxLength={20} {...register(name('ffNumber'))} />
            </FormField>
            {rules.takesMeal ? (
              <FormField label="Meal preference" error={errors.meal?.message}>
                <Select {...register(name('meal'))}>
                  <option value="">No preference</option>
                  {MEALS.map((m) => (
                    <option key={m.code} value={m.code}>
                      {m.label}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
          </SimpleGrid>
        </Box>
      </chakra.details>
    </Fieldset.Root>
  )
})

/** The lead passenger's e-mail, mobile and the booking's address (spec 3). */
function LeadContactFields({ form }: { form: Form }) {
  const { register, control } = form
  const errors = useFormState({ control, name: 'contact' }).errors.contact ?? {}
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <FormField label="Email" required error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="email" {...register('contact.email')} />
      </FormField>
      <FormField label="Mobile" required error={errors.mobile?.message}>
        <Input type="tel" autoComplete="tel" placeholder="+91XXXXXXXXXX" {...register('contact.mobile')} />
      </FormField>
      <FormField label="Address line 1" required error={errors.addressLine1?.message}>
        <Input autoComplete="address-line1" {...register('contact.addressLine1')} />
      </FormField>
      <FormField label="Address line 2" error={errors.addressLine2?.message}>
        <Input autoComplete="address-line2" {...register('contact.addressLine2')} />
      </FormField>
      <FormField label="City" error={errors.city?.message}>
        <Input autoComplete="address-level2" {...register('contact.city')} />
      </FormField>
      <FormField label="Country code" required helperText="Two letters, like IN" error={errors.countryCode?.message}>
        <Input autoComplete="country" maxLength={2} {...register('contact.countryCode')} />
      </FormField>
      <FormField label="Zip code" error={errors.zipCode?.message}>
        <Input autoComplete="postal-code" {...register('contact.zipCode')} />
      </FormField>
    </SimpleGrid>
  )
}

/** Why the fare asks for documents, in a line each. */
export function DocumentsReason({ rules }: { rules: FareRules }) {
  if (!rules.needsPAN && !rules.needsPassport) return null
  return (
    <Stack gap="1" data-testid="documents-reason">
      {rules.needsPAN ? <Text>{PAN_REASON}</Text> : null}
      {rules.needsPassport ? <Text>{PASSPORT_REASON}</Text> : null}
    </Stack>
  )
}

import { Heading, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { GENDERS, TITLES, type PassengerValues } from '../../lib/passenger'

interface PassengerFieldsProps {
  register: UseFormRegister<PassengerValues>
  errors: FieldErrors<PassengerValues>
  /** Show (and require) the passport fields. */
  needsPassport: boolean
}

function DateInput({ register, name }: { register: UseFormRegister<PassengerValues>; name: keyof PassengerValues }) {
  return <Input placeholder="YYYY-MM-DD" inputMode="numeric" maxLength={10} autoComplete="off" {...register(name)} />
}

/** The one adult passenger (spec 3, Passenger form), every field with a visible label. */
export function PassengerFields({ register, errors, needsPassport }: PassengerFieldsProps) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Passenger (adult)
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <FormField label="Title" required error={errors.title?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('title')}>
              <option value="">Select</option>
              {TITLES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="First name" required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField label="Last name" required error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </FormField>
        <FormField label="Date of birth" required helperText="YYYY-MM-DD" error={errors.dateOfBirth?.message}>
          <DateInput register={register} name="dateOfBirth" />
        </FormField>
        <FormField label="Gender" required error={errors.gender?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('gender')}>
              <option value="">Select</option>
              {GENDERS.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Mobile" required error={errors.mobile?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+91XXXXXXXXXX" {...register('mobile')} />
        </FormField>
        <FormField label="Address line 1" required error={errors.addressLine1?.message}>
          <Input autoComplete="address-line1" {...register('addressLine1')} />
        </FormField>
        <FormField label="Address line 2" error={errors.addressLine2?.message}>
          <Input autoComplete="address-line2" {...register('addressLine2')} />
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="Country code" required helperText="Two letters, like IN" error={errors.countryCode?.message}>
          <Input autoComplete="country" maxLength={2} {...register('countryCode')} />
        </FormField>
        <FormField label="Zip code" error={errors.zipCode?.message}>
          <Input autoComplete="postal-code" {...register('zipCode')} />
        </FormField>
      </SimpleGrid>
      {needsPassport ? (
        <Stack gap="4" as="fieldset">
          <Heading as="legend" size="md">
            Passport (needed for this international flight)
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label="Passport number" required error={errors.passportNo?.message}>
              <Input autoComplete="off" {...register('passportNo')} />
            </FormField>
            <FormField label="Passport expiry" required helperText="YYYY-MM-DD" error={errors.passportExpiry?.message}>
              <DateInput register={register} name="passportExpiry" />
            </FormField>
            <FormField
              label="Passport issuing country"
              required
              helperText="Two letters, like IN"
              error={errors.passportCountry?.message}
            >
              <Input autoComplete="off" maxLength={2} {...register('passportCountry')} />
            </FormField>
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  )
}

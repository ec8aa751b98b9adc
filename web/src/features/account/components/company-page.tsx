import { Alert } from '@chakra-ui/react/alert'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Input } from '@chakra-ui/react/input'
import { Skeleton } from '@chakra-ui/react/skeleton'
import { Stack } from '@chakra-ui/react/stack'
import { Textarea } from '@chakra-ui/react/textarea'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import { ErrorBanner } from '@/components/ui/error-banner'
import { FormField } from '@/components/ui/form-field'
import { PageHeading } from '@/components/ui/page-heading'
import { ApiError } from '@/lib/api-client'
import { isNotBusiness, useCompany } from '../api/get-company'
import { useSaveCompany } from '../api/save-company'
import type { Company } from '../types'
import { companyFieldOf, companySchema, toCompanyForm } from '../utils/company-fields'

export const COMPANY_TITLE = 'Company & GST'
export const COMPANY_LEAD =
  "Your company's GST details go on flight invoices so the company can claim input tax credit."
export const COMPANY_SAVED = 'Your company details have been saved.'
export const MYBIZ_NEEDED = 'Company details are for MyBiz accounts.'
const MYBIZ_HOW = "Sign in with your company's MyBiz account to add its GST details to flight invoices."

/** Upper-cases a-z as they are typed, leaving the caret where it was. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target
  const upper = input.value.replace(/[a-z]/g, (c) => c.toUpperCase())
  if (upper === input.value) return
  const { selectionStart, selectionEnd } = input
  input.value = upper
  input.setSelectionRange(selectionStart, selectionEnd)
}

function MyBizNeeded() {
  return (
    <Alert.Root status="info" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{MYBIZ_NEEDED}</Alert.Title>
        <Alert.Description>{MYBIZ_HOW}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}

/**
 * The company's details, each checked by the API's rule when the field is left
 * and again on Save; a field the server refuses shows its message there.
 */
function CompanyForm({ company }: { company: Company }) {
  const save = useSaveCompany()
  const [saved, setSaved] = useState(false)
  const [failure, setFailure] = useState('')
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(companySchema),
    // Checked when a field is first left, then as it is corrected.
    mode: 'onTouched',
    defaultValues: toCompanyForm(company),
  })

  const submit = handleSubmit(async (values) => {
    setSaved(false)
    setFailure('')
    let stored: Company
    try {
      stored = await save.mutateAsync(values)
    } catch (error) {
      console.error('Could not save the company', error)
      const field = error instanceof ApiError && error.status === 400 ? companyFieldOf(error.field) : undefined
      if (field) {
        setError(field, { type: 'server', message: error instanceof Error ? error.message : '' })
        setFocus(field)
      } else {
        setFailure(error instanceof Error && error.message ? error.message : 'Something went wrong.')
      }
      return
    }
    reset(toCompanyForm(stored))
    setSaved(true)
  })

  const gstin = register('gstin')

  return (
    <Card.Root variant="outline" bg="bg.card">
      <Card.Body>
        <Stack asChild gap="4" maxW="xl">
          <form noValidate onSubmit={submit} aria-label="Company details">
            <FormField label="Legal name" required error={errors.legalName?.message}>
              <Input autoComplete="organization" {...register('legalName')} />
            </FormField>
            <FormField
              label="GSTIN"
              required
              helperText="15 characters, as on the GST registration certificate."
              error={errors.gstin?.message}
            >
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="27AAPFU0939F1ZV"
                {...gstin}
                onChange={(event) => {
                  upperCaseInPlace(event)
                  return gstin.onChange(event)
                }}
              />
            </FormField>
            <FormField label="Registered address" required error={errors.address?.message}>
              <Textarea autoComplete="street-address" rows={3} autoresize {...register('address')} />
            </FormField>
            <FormField label="Billing e-mail" required error={errors.email?.message}>
              <Input type="email" inputMode="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Phone" required error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" placeholder="+91XXXXXXXXXX" {...register('phone')} />
            </FormField>
            {failure ? <ErrorBanner message={failure} /> : null}
            {saved ? (
              <Alert.Root status="success" variant="subtle" role="status">
                <Alert.Indicator />
                <Alert.Title>{COMPANY_SAVED}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Button
              type="submit"
              colorPalette="terracotta"
              alignSelf="flex-start"
              loading={isSubmitting}
              loadingText="Saving…"
            >
              Save
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

interface CompanyPageProps {
  /** Whether the signed-in account is a MyBiz one; only those have a company. */
  business: boolean
}

/** Company & GST: the MyBiz account's company as GST invoices name it. */
export function CompanyPage({ business }: CompanyPageProps) {
  const company = useCompany({ business })

  return (
    <Stack gap="6">
      <PageHeading title={COMPANY_TITLE} lead={COMPANY_LEAD} />
      {!business || isNotBusiness(company.error) ? (
        <MyBizNeeded />
      ) : company.isPending ? (
        <Skeleton height="64" />
      ) : company.isError ? (
        <ErrorBanner message={company.error.message} />
      ) : (
        <CompanyForm company={company.data} />
      )}
    </Stack>
  )
}

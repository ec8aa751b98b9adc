import { z } from '@/lib/zod'
import { checkEmail, checkGSTIN, checkPhone, checkText, type Checked } from '@/lib/validation'
import type { Company } from '../types'

/** The form's field names; the API names them `company.<name>` in a 400 answer. */
export type CompanyFieldName = keyof Company

const FIELD_NAMES: readonly CompanyFieldName[] = ['legalName', 'gstin', 'address', 'email', 'phone']

/** The form field an API `field` path such as "company.gstin" points at, if any. */
export function companyFieldOf(path: string | undefined): CompanyFieldName | undefined {
  const name = path?.replace(/^company\./, '')
  return FIELD_NAMES.find((f) => f === name)
}

/**
 * The registered address as one line: invoices and the airline's booking take
 * it that way, so the lines someone types become comma-separated parts.
 */
export function addressLine(input: string): string {
  return input
    .split(/\r?\n|\r/)
    .map((line) => line.trim().replace(/,+$/, ''))
    .filter(Boolean)
    .join(', ')
}

/** A required field judged by a rule of lib/validation; its value is the rule's normalised one. */
function byRule(emptyMessage: string, rule: (value: string) => Checked) {
  // A refinement then an overwrite rather than a transform: zod/mini's transform
  // turns asynchronous under the form's parseAsync, which would reorder the errors.
  return z.string().check(
    z.superRefine((input, ctx) => {
      const { value, message } = rule(input)
      if (value === '') ctx.addIssue({ code: 'custom', message: emptyMessage })
      else if (message) ctx.addIssue({ code: 'custom', message })
    }),
    z.overwrite((input) => rule(input).value),
  )
}

/** Every field is required (the API refuses a company with any missing), each by the API's rule. */
export const companySchema = z.object({
  legalName: byRule("Please enter the company's legal name.", (v) => checkText('Legal name', v, 100)),
  gstin: byRule("Please enter the company's GSTIN.", checkGSTIN),
  address: byRule("Please enter the company's registered address.", (v) =>
    checkText('Registered address', addressLine(v), 200),
  ),
  email: byRule('Please enter the billing e-mail address.', checkEmail),
  phone: byRule("Please enter the company's phone number.", checkPhone),
})

const text = (value: string | null | undefined): string => value ?? ''

/** The company as the form holds it: every field a string. */
export function toCompanyForm(c: Partial<Company> | null | undefined): Company {
  const v = c ?? {}
  return {
    legalName: text(v.legalName),
    gstin: text(v.gstin),
    address: text(v.address),
    email: text(v.email),
    phone: text(v.phone),
  }
}

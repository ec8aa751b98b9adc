export const company = {
  name: 'Paryatan Travel Private Limited',
  brand: 'Paryatan',
  phone: '+91 124 400 5500',
  email: 'care@paryatan.in',
} as const

/** The phone number as a `tel:` URI (digits and the leading plus only). */
export const companyPhoneHref = `tel:${company.phone.replace(/[^\d+]/g, '')}`
export const companyEmailHref = `mailto:${company.email}`

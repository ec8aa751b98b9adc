import type { Money } from '@/lib/api-types'

/** A price with Indian digit grouping, e.g. ₹1,24,500 (paise only when there are some). */
export function formatPrice(amount: Money, currency = 'INR'): string {
  const value = Number(amount)
  const code = /^[A-Z]{3}$/.test(currency) ? currency : 'INR'
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value)
}

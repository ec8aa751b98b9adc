import { formatINR, spokenINR } from '@/lib/money'

/** Whole rupees with Indian digit grouping: 124900 → "₹1,24,900". */
export function formatRupees(rupees: number): string {
  return formatINR(BigInt(Math.round(rupees)) * 100n)
}

/** The same price as a screen reader should say it: 124900 → "1,24,900 rupees". */
export function spokenRupees(rupees: number): string {
  return spokenINR(BigInt(Math.round(rupees)) * 100n)
}

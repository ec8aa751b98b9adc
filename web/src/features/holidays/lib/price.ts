import { formatINR } from '@/lib/money'

/** Whole rupees with Indian digit grouping: 124900 → "₹1,24,900". */
export function formatRupees(rupees: number): string {
  return formatINR(BigInt(Math.round(rupees)) * 100n)
}

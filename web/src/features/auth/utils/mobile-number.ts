export const COUNTRY_CODES = ['+91', '+971', '+1'] as const

export const INVALID_MOBILE_MESSAGE = 'Please enter a valid Mobile Number.'

/** Allowed digit counts per country code; any other code needs at least 8 digits. */
const DIGIT_RULES: Record<string, { min: number; max: number }> = {
  '+91': { min: 10, max: 10 },
  '+971': { min: 9, max: 10 },
  '+1': { min: 10, max: 10 },
}

export function countDigits(value: string): number {
  return value.replace(/\D/g, '').length
}

/** Validates a mobile number by counting only its digits (spaces, dashes and the like are ignored). */
export function isValidMobile(countryCode: string, value: string): boolean {
  const digits = countDigits(value)
  const rule = DIGIT_RULES[countryCode] ?? { min: 8, max: Number.POSITIVE_INFINITY }
  return digits >= rule.min && digits <= rule.max
}

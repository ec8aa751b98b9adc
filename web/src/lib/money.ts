// Money from the API is exact: every amount arrives as a JSON string holding
// a decimal ("5293.46", "4120", "-0.5"; docs/flights-api.md). These helpers
// turn such a string into integer paise and paise into rupees for people,
// without ever going through a floating-point number.

const decimalRe = /^(-)?(\d+)(?:\.(\d+))?$/

/**
 * The amount in paise, exactly, as a bigint (an amount past 2^53 paise
 * stays exact too). Digits past the paisa are rounded half away from zero
 * ("0.125" → 13n). Returns null for anything that is not a plain decimal
 * (exponents, grouping, spaces, empty).
 */
export function parsePaise(amount: string): bigint | null {
  const m = decimalRe.exec(amount)
  if (!m) return null
  const minus = m[1] !== undefined
  const rupees = m[2] ?? '0'
  const fraction = m[3] ?? ''
  let paise = BigInt(rupees) * 100n + BigInt((fraction + '00').slice(0, 2))
  if (fraction.length > 2 && fraction.charCodeAt(2) >= '5'.charCodeAt(0)) paise += 1n
  return minus && paise !== 0n ? -paise : paise
}

/** Paise as the API writes amounts: 159950n → "1599.50", -5n → "-0.05". The inverse of parsePaise. */
export function toAmount(paise: bigint): string {
  const negative = paise < 0n
  const abs = negative ? -paise : paise
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** Groups the digits of a whole number the Indian way: 1,23,45,678. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits
  const last = digits.slice(-3)
  const rest = digits.slice(0, -3)
  const pairs = rest.replace(/\B(?=(\d{2})+$)/g, ',')
  return `${pairs},${last}`
}

/**
 * Paise as rupees with Indian digit grouping: 12345650n → "₹1,23,456.50".
 * Whole rupees show no paise (499900n → "₹4,999"), as the rest of the
 * site writes prices; otherwise both paise digits show.
 */
export function formatINR(paise: bigint): string {
  const negative = paise < 0n
  const abs = negative ? -paise : paise
  const rupees = groupIndian((abs / 100n).toString())
  const rest = abs % 100n
  const fraction = rest === 0n ? '' : '.' + rest.toString().padStart(2, '0')
  return `${negative ? '-' : ''}₹${rupees}${fraction}`
}

/**
 * An amount string from the API for people: rupees with Indian grouping for
 * INR; another currency's code before the amount as sent. An amount that
 * cannot be read is shown as it came.
 */
export function formatMoney(amount: string, currency = 'INR'): string {
  if (currency !== 'INR') return `${currency} ${amount}`
  const paise = parsePaise(amount)
  return paise === null ? amount : formatINR(paise)
}

/**
 * Paise as a screen reader should say them: 4562400n → "45,624 rupees",
 * 529346n → "5,293 rupees 46 paise", -50000n → "minus 500 rupees". The
 * shown form's "₹" is read as "rupee sign" before the number, or not at all.
 */
export function spokenINR(paise: bigint): string {
  const negative = paise < 0n
  const abs = negative ? -paise : paise
  const rupees = abs / 100n
  const rest = abs % 100n
  const words = [`${groupIndian(rupees.toString())} ${rupees === 1n ? 'rupee' : 'rupees'}`]
  if (rest !== 0n) words.push(`${rest.toString()} ${rest === 1n ? 'paisa' : 'paise'}`)
  return `${negative ? 'minus ' : ''}${words.join(' ')}`
}

/** An amount string from the API as a screen reader should say it (formatMoney's spoken twin). */
export function spokenMoney(amount: string, currency = 'INR'): string {
  if (currency !== 'INR') return `${currency} ${amount}`
  const paise = parsePaise(amount)
  return paise === null ? amount : spokenINR(paise)
}

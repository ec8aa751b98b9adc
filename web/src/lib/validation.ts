/**
 * The product's input rules, one per fact, the same as the API's (Go package
 * internal/validate); both are tested against internal/validate/testdata/cases.json.
 *
 * Each rule judges a value someone gave and returns it normalised (trimmed, and
 * upper-cased where the fact is) with a message for people when it breaks the
 * rule ('' when it does not). Whether a field may be left empty is the caller's.
 */

/** A normalised value and what is wrong with it ('' when nothing is). */
export interface Checked {
  value: string
  message: string
}

const ok = (value: string): Checked => ({ value, message: '' })
const bad = (value: string, message: string): Checked => ({ value, message })

export const EMAIL_MESSAGE = 'Please enter a valid e-mail address.'
/** The sign-in dialog's words (spec 5) for a mobile number typed after a chosen country code. */
export const MOBILE_MESSAGE = 'Please enter a valid Mobile Number.'
/** For a whole phone number in one field. */
export const PHONE_MESSAGE = 'Please enter a valid phone number.'

/**
 * A plain address: a dot-atom local part (at most 64 characters) and a domain of
 * at least two labels ending in a top-level domain of letters.
 */
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** One plain e-mail address, at most 254 characters. */
export function checkEmail(input: string): Checked {
  const s = input.trim()
  const at = s.lastIndexOf('@')
  if (s.length > 254 || at < 1 || at > 64 || !EMAIL_RE.test(s)) return bad(s, EMAIL_MESSAGE)
  return ok(s)
}

export const MIN_PASSWORD_LENGTH = 8
/** Bounds the hashing work of one request (counted in UTF-8 bytes, as the server does). */
export const MAX_PASSWORD_BYTES = 256

const codePoints = (s: string): number => [...s].length

/**
 * Upper-cases a-z only. String.prototype.toUpperCase also expands letters such as
 * ß to SS, which Go's strings.ToUpper leaves alone: the rules would part ways.
 */
const upperASCII = (s: string): string => s.replace(/[a-z]/g, (c) => c.toUpperCase())

/** A new password's length; it is never trimmed. */
export function checkPassword(s: string): string {
  if (codePoints(s) < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`
  if (new TextEncoder().encode(s).length > MAX_PASSWORD_BYTES) {
    return `Password must be at most ${MAX_PASSWORD_BYTES} characters.`
  }
  return ''
}

const COUNTRY_CODE_RE = /^\+[1-9][0-9]{0,2}$/
const NATIONAL_RE = /^[0-9 ().-]*$/

/** National digits per country code (spec 5); any other code needs at least 8, and at most 15 with its code. */
const MOBILE_DIGITS: Record<string, readonly [number, number]> = {
  '+91': [10, 10],
  '+971': [9, 10],
  '+1': [10, 10],
}

const digitsOf = (s: string): string => s.replace(/[^0-9]/g, '')

/** A national number under a country code like +91; only digits count, spaces, dashes, dots and brackets may separate them. */
export function checkMobile(countryCode: string, number: string): string {
  if (!COUNTRY_CODE_RE.test(countryCode) || !NATIONAL_RE.test(number)) return MOBILE_MESSAGE
  const n = digitsOf(number).length
  const [lo, hi] = MOBILE_DIGITS[countryCode] ?? [8, 15 - (countryCode.length - 1)]
  return n < lo || n > hi ? MOBILE_MESSAGE : ''
}

/**
 * A whole phone number, at most 32 characters: +91, +971 or +1 and the national
 * number go by checkMobile; without a code it is taken as Indian (+91); under any
 * other code it needs 10 to 15 digits in all.
 */
export function checkPhone(input: string): Checked {
  const s = input.trim()
  if (s.length > 32) return bad(s, PHONE_MESSAGE)
  if (!s.startsWith('+')) return checkMobile('+91', s) ? bad(s, PHONE_MESSAGE) : ok(s)
  const rest = s.slice(1)
  if (!NATIONAL_RE.test(rest)) return bad(s, PHONE_MESSAGE)
  const digits = digitsOf(rest)
  for (const code of ['91', '971', '1']) {
    if (digits.startsWith(code)) {
      const [lo, hi] = MOBILE_DIGITS[`+${code}`] ?? [0, 0]
      const n = digits.length - code.length
      return n < lo || n > hi ? bad(s, PHONE_MESSAGE) : ok(s)
    }
  }
  return digits.length < 10 || digits.length > 15 ? bad(s, PHONE_MESSAGE) : ok(s)
}

/** The name an account is registered with: required, at most 200 characters. */
export function checkFullName(input: string): Checked {
  const s = input.trim()
  if (s === '') return bad(s, 'Please enter your full name.')
  if (codePoints(s) > 200) return bad(s, 'Full name must be at most 200 characters.')
  return ok(s)
}

/** One line of free text of at most max characters; label names it for people. */
export function checkText(label: string, input: string, max: number): Checked {
  const s = input.trim()
  if (codePoints(s) > max) return bad(s, `${label} must be at most ${max} characters.`)
  if (/[\0\r\n]/.test(s)) return bad(s, `${label} must be a single line of text.`)
  return ok(s)
}

const PASSENGER_NAME_RE = /^[A-Z][A-Z .'-]{0,31}$/

/** A name as a ticket carries it: upper-cased, a letter then letters, spaces, dots, apostrophes or hyphens, up to 32. */
export function checkPassengerName(label: string, input: string): Checked {
  const s = upperASCII(input.trim())
  return PASSENGER_NAME_RE.test(s) ? ok(s) : bad(s, `${label} must be letters only, up to 32.`)
}

/** Passenger titles the fare page offers (spec 3), in the supplier's spelling: Mstr is Master. */
const TITLES: Record<string, string> = {
  mr: 'Mr',
  ms: 'Ms',
  mrs: 'Mrs',
  miss: 'Miss',
  mstr: 'Master',
  master: 'Master',
}

/** A passenger title (any case), returned in the supplier's spelling. */
export function checkTitle(input: string): Checked {
  const title = TITLES[input.trim().toLowerCase()]
  return title ? ok(title) : bad(input, 'Title must be Mr, Ms, Mrs, Mstr or Miss.')
}

/** The supplier's gender code (spec 3): 1 male, 2 female. */
export function checkPassengerGender(n: number): string {
  return n === 1 || n === 2 ? '' : 'Gender must be 1 (male) or 2 (female).'
}

/** One of allowed (case-insensitive), returned in the allowed spelling. */
export function checkOneOf(label: string, input: string, allowed: readonly string[]): Checked {
  const s = input.trim()
  const found = allowed.find((a) => a.toLowerCase() === s.toLowerCase())
  return found !== undefined ? ok(found) : bad(s, `${label} must be one of: ${allowed.join(', ')}.`)
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar date written YYYY-MM-DD between 1900 and 2200; a longer timestamp is cut to its date. */
export function checkDate(label: string, input: string): Checked {
  let s = input.trim()
  if (s.length > 10 && s[10] === 'T') s = s.slice(0, 10)
  const m = DATE_RE.exec(s)
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0]
  const d = new Date(Date.UTC(year, month - 1, day))
  if (!m || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return bad('', `${label} must be a real date written YYYY-MM-DD.`)
  }
  if (year < 1900 || year > 2200) return bad('', `${label} is out of range.`)
  return ok(s)
}

/** A date not after today (YYYY-MM-DD, India's calendar day). */
export function checkPastDate(label: string, input: string, today: string): Checked {
  const c = checkDate(label, input)
  if (!c.message && c.value > today) return bad('', `${label} cannot be in the future.`)
  return c
}

export function checkDateOfBirth(input: string, today: string): Checked {
  return checkPastDate('Date of birth', input, today)
}

const PASSPORT_NUMBER_RE = /^[A-Z0-9]{6,15}$/

/** 6 to 15 letters and digits, upper-cased with spaces removed. */
export function checkPassportNumber(input: string): Checked {
  const s = upperASCII(input.trim().replaceAll(' ', ''))
  return PASSPORT_NUMBER_RE.test(s) ? ok(s) : bad(s, 'Passport number must be 6 to 15 letters and digits.')
}

/** A date, and the passport still valid today (it is through its expiry day). */
export function checkPassportExpiry(input: string, today: string): Checked {
  const c = checkDate('Passport expiry', input)
  if (!c.message && c.value < today) return bad('', 'This passport has expired.')
  return c
}

/** An Indian Permanent Account Number: five letters, four digits and a letter, upper-cased. */
export function checkPAN(input: string): Checked {
  const s = upperASCII(input.trim())
  return /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(s)
    ? ok(s)
    : bad(s, 'PAN must be 10 characters: 5 letters, 4 digits and a letter (like ABCDE1234F).')
}

/** Whether a country as people write it is India ('' is). */
export function isIndia(country: string): boolean {
  return ['', 'india', 'in', 'ind', 'bharat'].includes(country.trim().toLowerCase())
}

/** A PIN code in India (six digits, not starting with 0), a plausible postcode elsewhere. */
export function checkPostalCode(input: string, country: string): Checked {
  const s = input.trim()
  if (isIndia(country)) return /^[1-9][0-9]{5}$/.test(s) ? ok(s) : bad(s, 'PIN code must be 6 digits.')
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(s)
    ? ok(s)
    : bad(s, 'Postal code must be 2 to 10 letters, digits, spaces or dashes.')
}

export const GSTIN_MESSAGE =
  'GSTIN must be 15 characters: a state code, the PAN, an entity number, Z and a check character (like 27AAPFU0939F1ZV).'

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The check character of a GSTIN's first 14 characters: a Luhn sum over base 36, weights 1, 2, 1, 2 … */
export function gstinCheckChar(first14: string): string {
  let sum = 0
  for (let i = 0; i < first14.length; i++) {
    const v = GSTIN_ALPHABET.indexOf(first14.charAt(i)) * (1 + (i % 2))
    sum += Math.floor(v / 36) + (v % 36)
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36)
}

/** An Indian GST identification number: shape, state code (01–38, 97, 99) and check character. */
export function checkGSTIN(input: string): Checked {
  const s = upperASCII(input.trim().replaceAll(' ', ''))
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(s)) return bad(s, GSTIN_MESSAGE)
  const state = Number(s.slice(0, 2))
  if ((state < 1 || state > 38) && state !== 97 && state !== 99)
    return bad(s, 'GSTIN must start with a state code from 01 to 38 (or 97, 99).')
  if (gstinCheckChar(s.slice(0, 14)) !== s.charAt(14))
    return bad(s, "This GSTIN's last character does not check out: please copy it again from the GST certificate.")
  return ok(s)
}

/** Passenger types as the flight supplier numbers them. */
export const PAX_ADULT = 1
export const PAX_CHILD = 2
export const PAX_INFANT = 3

/** A person's age in whole years on a day; both dates yyyy-MM-dd. */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** A date of birth against the passenger type on the day of travel: adult 12+, child 2–11, infant under 2. */
export function checkPassengerAge(paxType: number, dob: string, travel: string): string {
  const age = ageOn(dob, travel)
  switch (paxType) {
    case PAX_ADULT:
      return age < 12 ? 'An adult must be 12 or older on the day of travel.' : ''
    case PAX_CHILD:
      return age < 2 || age > 11 ? 'A child must be 2 to 11 years old on the day of travel.' : ''
    case PAX_INFANT:
      return age >= 2 ? 'An infant must be under 2 years old on the day of travel.' : ''
    default:
      return 'Passenger type must be 1 (adult), 2 (child) or 3 (infant).'
  }
}

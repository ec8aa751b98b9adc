// The fare page's one adult passenger (spec 3, Passenger form): the form's
// values, its rules (the API's own, from lib/validation, so the page and the
// API never disagree), what it starts with for a signed-in traveller, and
// the book and ticket bodies' passenger, address and contact.
import { z } from 'zod'
import type { AddressInput, ContactInput, PassengerInput } from '@/lib/api-types'
import {
  checkDateOfBirth,
  checkEmail,
  checkPassengerName,
  checkPassportExpiry,
  checkPassportNumber,
  checkPhone,
  checkPostalCode,
  checkText,
  checkTitle,
  isIndia,
} from '@/lib/validation'
import { isISODate } from '@/lib/calendar-date'

/** Titles offered, as spec 3 spells them (Mstr is Master). */
export const TITLES = ['Mr', 'Ms', 'Mrs', 'Mstr', 'Miss'] as const

/** The supplier's gender codes (spec 3). */
export const GENDERS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
] as const

/** An adult is at least this old on the day of booking (the API's rule). */
export const ADULT_AGE = 12

export const ADDRESS_REQUIRED = 'Passenger address is required (AddressLine1).'
export const ADULT_MESSAGE = 'An adult passenger must be at least 12 years old.'
export const PASSPORT_NEEDED = "This international flight needs the passenger's passport number and expiry date."
export const PASSPORT_BEYOND_TRAVEL = 'The passport must be valid beyond the travel date.'
const COUNTRY_CODE_MESSAGE = 'CountryCode must be a two-letter country code like IN.'

export interface PassengerValues {
  title: string
  firstName: string
  lastName: string
  dateOfBirth: string
  gender: string
  email: string
  mobile: string
  addressLine1: string
  addressLine2: string
  city: string
  countryCode: string
  zipCode: string
  passportNo: string
  passportExpiry: string
  passportCountry: string
}

/** What the signed-in account and its profile say about the traveller (the app fills it in). */
export interface PassengerPrefill {
  fullName?: string
  email?: string
  phone?: string
  firstName?: string
  lastName?: string
  /** The profile's gender: male, female or other. */
  gender?: string
  dob?: string
  city?: string
  country?: string
  postalCode?: string
  nationality?: string
  passport?: { number?: string; expiry?: string; issuingCountry?: string }
}

/** Whether someone born on dob (YYYY-MM-DD) is at least 12 on today, as the API counts it. */
export function isAdult(dob: string, today: string): boolean {
  const [y, m, d] = dob.split('-').map(Number)
  const [ty, tm, td] = today.split('-').map(Number)
  if (!y || !m || !d || !ty || !tm || !td) return false
  // Date.UTC rolls 29 February into March as Go's AddDate does.
  return Date.UTC(y + ADULT_AGE, m - 1, d) <= Date.UTC(ty, tm - 1, td)
}

/** A country as people write it as a two-letter code ('' when it cannot tell). */
export function countryCodeOf(country: string | undefined): string {
  const text = (country ?? '').trim()
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase()
  if (text && isIndia(text)) return 'IN'
  return ''
}

function dateOnly(value: string | undefined): string {
  const text = (value ?? '').trim().slice(0, 10)
  return isISODate(text) ? text : ''
}

/** The form's starting values: the account's name, e-mail and phone, the profile's details over them. */
export function prefillValues(prefill: PassengerPrefill = {}): PassengerValues {
  const words = (prefill.fullName ?? '').trim().split(/\s+/).filter(Boolean)
  const gender = prefill.gender === 'male' ? '1' : prefill.gender === 'female' ? '2' : ''
  return {
    title: gender === '1' ? 'Mr' : gender === '2' ? 'Ms' : '',
    firstName: prefill.firstName?.trim() || (words[0] ?? ''),
    lastName: prefill.lastName?.trim() || words.slice(1).join(' '),
    dateOfBirth: dateOnly(prefill.dob),
    gender,
    email: prefill.email?.trim() ?? '',
    mobile: prefill.phone?.trim() ?? '',
    addressLine1: '',
    addressLine2: '',
    city: prefill.city?.trim() ?? '',
    countryCode: countryCodeOf(prefill.country) || 'IN',
    zipCode: prefill.postalCode?.trim() ?? '',
    passportNo: prefill.passport?.number?.trim() ?? '',
    passportExpiry: dateOnly(prefill.passport?.expiry),
    passportCountry: countryCodeOf(prefill.passport?.issuingCountry) || countryCodeOf(prefill.nationality),
  }
}

export interface PassengerRules {
  /** Today in India, YYYY-MM-DD. */
  today: string
  /** The quote asks for passports (at book or at ticket). */
  needsPassport: boolean
  /** The first departure's day (YYYY-MM-DD), when known: a passport must outlast it. */
  travelDate?: string
}

const text = z.string()

/** The form's schema: each field by the API's rule for it. */
export function passengerSchema({ today, needsPassport, travelDate }: PassengerRules) {
  return z
    .object({
      title: text,
      firstName: text,
      lastName: text,
      dateOfBirth: text,
      gender: text,
      email: text,
      mobile: text,
      addressLine1: text,
      addressLine2: text,
      city: text,
      countryCode: text,
      zipCode: text,
      passportNo: text,
      passportExpiry: text,
      passportCountry: text,
    })
    .superRefine((v, ctx) => {
      const fail = (path: keyof PassengerValues, message: string) => {
        if (message) ctx.addIssue({ code: 'custom', path: [path], message })
      }
      fail('title', checkTitle(v.title).message)
      fail('firstName', checkPassengerName('First name', v.firstName).message)
      fail('lastName', checkPassengerName('Last name', v.lastName).message)
      const dob = checkDateOfBirth(v.dateOfBirth, today)
      fail('dateOfBirth', dob.message || (isAdult(dob.value, today) ? '' : ADULT_MESSAGE))
      fail('gender', v.gender === '1' || v.gender === '2' ? '' : 'Please choose a gender.')
      fail('email', checkEmail(v.email).message)
      fail('mobile', checkPhone(v.mobile).message)
      fail(
        'addressLine1',
        v.addressLine1.trim() ? checkText('Address line 1', v.addressLine1, 100).message : ADDRESS_REQUIRED,
      )
      fail('addressLine2', checkText('Address line 2', v.addressLine2, 100).message)
      fail('city', checkText('City', v.city, 64).message)
      fail('countryCode', /^[A-Za-z]{2}$/.test(v.countryCode.trim()) ? '' : COUNTRY_CODE_MESSAGE)
      if (v.zipCode.trim()) fail('zipCode', checkPostalCode(v.zipCode, v.countryCode).message)
      if (!needsPassport) return
      if (!v.passportNo.trim() || !v.passportExpiry.trim()) {
        fail(v.passportNo.trim() ? 'passportExpiry' : 'passportNo', PASSPORT_NEEDED)
        return
      }
      fail('passportNo', checkPassportNumber(v.passportNo).message)
      const expiry = checkPassportExpiry(v.passportExpiry, today)
      const lapses = !expiry.message && travelDate && expiry.value <= travelDate
      fail('passportExpiry', expiry.message || (lapses ? PASSPORT_BEYOND_TRAVEL : ''))
      fail(
        'passportCountry',
        /^[A-Za-z]{2}$/.test(v.passportCountry.trim()) ? '' : 'Issuing country must be a two-letter code like IN.',
      )
    })
}

export interface PassengerParts {
  passenger: PassengerInput
  address: AddressInput
  contact: ContactInput
}

/** The book and ticket bodies' passenger, address and contact: names trimmed and upper-cased. */
export function toPassengerParts(v: PassengerValues, needsPassport: boolean): PassengerParts {
  const email = v.email.trim()
  const mobile = v.mobile.trim()
  const countryCode = v.countryCode.trim().toUpperCase()
  const passenger: PassengerInput = {
    Title: v.title,
    FirstName: checkPassengerName('First name', v.firstName).value,
    LastName: checkPassengerName('Last name', v.lastName).value,
    PaxType: 1,
    DateOfBirth: v.dateOfBirth.trim(),
    Gender: Number(v.gender),
    ContactNo: mobile,
    Email: email,
  }
  if (needsPassport) {
    passenger.PassportNo = checkPassportNumber(v.passportNo).value
    passenger.PassportExpiry = v.passportExpiry.trim()
    passenger.Nationality = v.passportCountry.trim().toUpperCase()
  }
  const address: AddressInput = {
    AddressLine1: v.addressLine1.trim(),
    AddressLine2: v.addressLine2.trim(),
    City: v.city.trim(),
    CountryCode: countryCode,
    CountryName: countryCode === 'IN' ? 'India' : countryCode,
    ZipCode: v.zipCode.trim(),
  }
  return { passenger, address, contact: { Email: email, Mobile: mobile } }
}

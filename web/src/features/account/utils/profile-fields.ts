import type { Profile } from '../types'
import { toDateInput } from './dates'

/** The form's field names, which are also the API's `field` paths in a 400 answer. */
export type ProfileFieldName =
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'dob'
  | 'nationality'
  | 'maritalStatus'
  | 'anniversary'
  | 'city'
  | 'state'
  | 'country'
  | 'postalCode'
  | 'pan'
  | 'passport.number'
  | 'passport.expiry'
  | 'passport.issuingCountry'
  | 'emergencyContact.name'
  | 'emergencyContact.phone'
  | 'preferences.domesticTripProtection'
  | 'preferences.internationalTravelInsurance'

export interface ProfileFieldOption {
  value: string
  label: string
}

export interface ProfileField {
  name: ProfileFieldName
  label: string
  /** A select's choices; '' (not chosen) is offered first. */
  options?: readonly ProfileFieldOption[]
  date?: boolean
  autoComplete?: string
  placeholder?: string
  /** Text that is stored upper-case (PAN, passport number). */
  upperCase?: boolean
  type?: 'tel'
}

export interface ProfileSection {
  /** The section's anchor (#general …), which completion targets point at. */
  id: 'general' | 'address' | 'documents' | 'emergency' | 'preferences'
  title: string
  fields: readonly ProfileField[]
}

const plans = (...values: string[]) => values.map((value) => ({ value, label: value }))

export const GENDER_OPTIONS: readonly ProfileFieldOption[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
]

export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  {
    id: 'general',
    title: 'General Information',
    fields: [
      { name: 'firstName', label: 'First and middle name', autoComplete: 'given-name' },
      { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
      { name: 'gender', label: 'Gender', options: GENDER_OPTIONS },
      { name: 'dob', label: 'Date of birth', date: true, autoComplete: 'bday' },
      { name: 'nationality', label: 'Nationality', placeholder: 'Indian' },
      {
        name: 'maritalStatus',
        label: 'Marital status',
        options: [
          { value: 'single', label: 'Single' },
          { value: 'married', label: 'Married' },
          { value: 'divorced', label: 'Divorced' },
          { value: 'widowed', label: 'Widowed' },
        ],
      },
      { name: 'anniversary', label: 'Anniversary', date: true },
    ],
  },
  {
    id: 'address',
    title: 'Address',
    fields: [
      { name: 'city', label: 'City', autoComplete: 'address-level2' },
      { name: 'state', label: 'State', autoComplete: 'address-level1' },
      { name: 'country', label: 'Country', autoComplete: 'country-name', placeholder: 'India' },
      { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
    ],
  },
  {
    id: 'documents',
    title: 'Documents',
    fields: [
      { name: 'pan', label: 'PAN', placeholder: 'ABCDE1234F', upperCase: true },
      { name: 'passport.number', label: 'Passport number', upperCase: true },
      { name: 'passport.expiry', label: 'Passport expiry', date: true },
      { name: 'passport.issuingCountry', label: 'Passport issuing country' },
    ],
  },
  {
    id: 'emergency',
    title: 'Emergency Contact',
    fields: [
      { name: 'emergencyContact.name', label: 'Name' },
      { name: 'emergencyContact.phone', label: 'Phone', type: 'tel', placeholder: '+91XXXXXXXXXX' },
    ],
  },
  {
    id: 'preferences',
    title: 'Preferences',
    fields: [
      {
        name: 'preferences.domesticTripProtection',
        label: 'Domestic trip protection plan',
        options: plans('None', 'Basic', 'Plus', 'Premium'),
      },
      {
        name: 'preferences.internationalTravelInsurance',
        label: 'International travel insurance plan',
        options: plans('None', 'Basic', 'Gold', 'Platinum'),
      },
    ],
  },
]

const FIELD_NAMES: ReadonlySet<string> = new Set(PROFILE_SECTIONS.flatMap((s) => s.fields.map((f) => f.name)))

export function isProfileFieldName(value: unknown): value is ProfileFieldName {
  return typeof value === 'string' && FIELD_NAMES.has(value)
}

type Loose<T> = { [K in keyof T]?: T[K] extends string ? T[K] | null : Loose<T[K]> | null }

const text = (value: string | null | undefined): string => value ?? ''

/** The profile as the form holds it: every field a string, dates as YYYY-MM-DD. */
export function toProfileForm(profile: Loose<Profile> | null | undefined): Profile {
  const p = profile ?? {}
  return {
    firstName: text(p.firstName),
    lastName: text(p.lastName),
    gender: text(p.gender) as Profile['gender'],
    dob: toDateInput(p.dob),
    nationality: text(p.nationality),
    maritalStatus: text(p.maritalStatus) as Profile['maritalStatus'],
    anniversary: toDateInput(p.anniversary),
    city: text(p.city),
    state: text(p.state),
    country: text(p.country),
    postalCode: text(p.postalCode),
    pan: text(p.pan),
    passport: {
      number: text(p.passport?.number),
      expiry: toDateInput(p.passport?.expiry),
      issuingCountry: text(p.passport?.issuingCountry),
    },
    emergencyContact: { name: text(p.emergencyContact?.name), phone: text(p.emergencyContact?.phone) },
    preferences: {
      domesticTripProtection: text(
        p.preferences?.domesticTripProtection,
      ) as Profile['preferences']['domesticTripProtection'],
      internationalTravelInsurance: text(
        p.preferences?.internationalTravelInsurance,
      ) as Profile['preferences']['internationalTravelInsurance'],
    },
  }
}

import { MEALS } from '@/lib/meals'
import type { CoTraveller } from '../types'
import { toDateInput } from './dates'
import { GENDER_OPTIONS } from './profile-fields'

/** The form's field names, which are also the API's `field` paths in a 400 answer. */
export type CoTravellerFieldName =
  | 'firstName'
  | 'lastName'
  | 'relationship'
  | 'gender'
  | 'dob'
  | 'nationality'
  | 'mealPreference'
  | 'trainBerthPreference'
  | 'passport.number'
  | 'passport.expiry'
  | 'passport.issuingCountry'
  | 'phone'
  | 'email'
  | 'frequentFlyer.airline'
  | 'frequentFlyer.number'

export interface CoTravellerField {
  name: CoTravellerFieldName
  label: string
  /** A select's choices, after the empty choice '' (worded by `emptyLabel`, 'Select' by default). */
  options?: ReadonlyArray<{ value: string; label: string }>
  emptyLabel?: string
  date?: boolean
  type?: 'email' | 'tel'
  placeholder?: string
  required?: boolean
}

export const CO_TRAVELLER_FIELDS: readonly CoTravellerField[] = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name' },
  { name: 'relationship', label: 'Relationship', placeholder: 'Spouse, parent, colleague…' },
  { name: 'gender', label: 'Gender', options: GENDER_OPTIONS },
  { name: 'dob', label: 'Date of birth', date: true },
  { name: 'nationality', label: 'Nationality' },
  {
    name: 'mealPreference',
    label: 'Meal preference',
    // Kept as the meal's label, which bookings read back as its code (mealCodeOf).
    options: MEALS.map((meal) => ({ value: meal.label, label: meal.label })),
    emptyLabel: 'No preference',
  },
  { name: 'trainBerthPreference', label: 'Train berth preference', placeholder: 'Lower, side upper, …' },
  { name: 'passport.number', label: 'Passport number' },
  { name: 'passport.expiry', label: 'Passport expiry', date: true },
  { name: 'passport.issuingCountry', label: 'Passport issuing country' },
  { name: 'phone', label: 'Phone', type: 'tel', placeholder: '+91XXXXXXXXXX' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'frequentFlyer.airline', label: 'Frequent flyer airline' },
  { name: 'frequentFlyer.number', label: 'Frequent flyer number' },
]

const FIELD_NAMES: ReadonlySet<string> = new Set(CO_TRAVELLER_FIELDS.map((f) => f.name))

export function isCoTravellerFieldName(value: unknown): value is CoTravellerFieldName {
  return typeof value === 'string' && FIELD_NAMES.has(value)
}

const text = (value: string | null | undefined): string => value ?? ''

/** A co-traveller as the form holds it: every field a string, dates YYYY-MM-DD; `_id` kept when there is one. */
export function toCoTravellerForm(c: Partial<CoTraveller> | null | undefined): CoTraveller {
  const v = c ?? {}
  const form: CoTraveller = {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    relationship: text(v.relationship),
    gender: text(v.gender) as CoTraveller['gender'],
    dob: toDateInput(v.dob),
    nationality: text(v.nationality),
    mealPreference: text(v.mealPreference),
    trainBerthPreference: text(v.trainBerthPreference),
    passport: {
      number: text(v.passport?.number),
      expiry: toDateInput(v.passport?.expiry),
      issuingCountry: text(v.passport?.issuingCountry),
    },
    phone: text(v.phone),
    email: text(v.email),
    frequentFlyer: { airline: text(v.frequentFlyer?.airline), number: text(v.frequentFlyer?.number) },
  }
  if (v._id) form._id = v._id
  return form
}

/** "Priya Sharma" (or just the first name). */
export function coTravellerName(c: Pick<CoTraveller, 'firstName' | 'lastName'>): string {
  return [c.firstName, c.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')
}

/** The list's second line: the relationship, else the gender. */
export function coTravellerDetail(c: Pick<CoTraveller, 'relationship' | 'gender'>): string {
  const relationship = c.relationship.trim()
  if (relationship) return relationship
  return GENDER_OPTIONS.find((option) => option.value === c.gender)?.label ?? ''
}

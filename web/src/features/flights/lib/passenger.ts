// The fare page's travellers (spec 3, Passenger form): one form per adult,
// child and infant the fare was priced for, the documents the quote asks
// for, the lead passenger's contact and address, and the company's GST
// details. The rules are the API's own (lib/validation), so the page and the
// API never disagree; this file also makes the book and ticket bodies.
import { z } from '@/lib/zod'
import type { AddressInput, BookInput, ContactInput, FlightResult, PassengerInput } from '@/lib/api-types'
import { isISODate } from '@/lib/calendar-date'
import { mealCodeOf, MEALS } from '@/lib/meals'
import {
  checkDateOfBirth,
  checkEmail,
  checkGSTIN,
  checkPAN,
  checkPassengerAge,
  checkPassengerName,
  checkPassportExpiry,
  checkPassportNumber,
  checkPhone,
  checkPostalCode,
  checkText,
  isIndia,
  PAX_ADULT,
  PAX_CHILD,
  PAX_INFANT,
} from '@/lib/validation'
import type { Travellers } from './search-query'

type GSTInput = NonNullable<BookInput['gst']>

export type PaxType = typeof PAX_ADULT | typeof PAX_CHILD | typeof PAX_INFANT

/** Titles by passenger type, as spec 3 spells them (Mstr is Master). */
const ADULT_TITLES = ['Mr', 'Ms', 'Mrs'] as const
const YOUNG_TITLES = ['Mstr', 'Miss'] as const

export function titlesFor(paxType: PaxType): readonly string[] {
  return paxType === PAX_ADULT ? ADULT_TITLES : YOUNG_TITLES
}

/** The supplier's gender codes (spec 3). */
export const GENDERS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
] as const

/** Every title names one gender: Mr and Mstr male, Ms, Mrs and Miss female. */
const TITLE_GENDER: Record<string, '1' | '2'> = { Mr: '1', Mstr: '1', Ms: '2', Mrs: '2', Miss: '2' }

/** The gender a title names ('' for none). */
export function genderOfTitle(title: string): '1' | '2' | '' {
  return TITLE_GENDER[title] ?? ''
}

/** The title a gender takes for a passenger type: Mr or Ms, Mstr or Miss ('' without a gender). */
function titleOf(paxType: PaxType, gender: string): string {
  if (gender !== '1' && gender !== '2') return ''
  if (paxType === PAX_ADULT) return gender === '1' ? 'Mr' : 'Ms'
  return gender === '1' ? 'Mstr' : 'Miss'
}

export const ADDRESS_REQUIRED = 'Passenger address is required (AddressLine1).'
export const PASSPORT_BEYOND_TRAVEL = 'The passport must be valid beyond the last flight.'
export const PAN_REASON = "The airline needs each adult's PAN for this fare."
export const PASSPORT_REASON = "The airline needs every traveller's passport for this fare."
export const GST_REQUIRED = 'This fare needs GST details.'
const COUNTRY_CODE_MESSAGE = 'CountryCode must be a two-letter country code like IN.'
const ISSUING_COUNTRY_MESSAGE = 'Issuing country must be a two-letter code like IN.'

/** One traveller of the fare: their type, their number within it (Adult 2) and whether they lead. */
export interface Slot {
  paxType: PaxType
  number: number
  lead: boolean
}

const TYPE_NAMES: Record<PaxType, string> = { 1: 'Adult', 2: 'Child', 3: 'Infant' }

export function slotHeading(slot: Slot): string {
  return `${TYPE_NAMES[slot.paxType]} ${slot.number}${slot.lead ? ' (lead passenger)' : ''}`
}

/** Adults first (the first of them leads), then children, then infants. */
export function slotsOf({ adults, children, infants }: Travellers): Slot[] {
  const run = (paxType: PaxType, n: number) =>
    Array.from({ length: n }, (_, i) => ({ paxType, number: i + 1, lead: paxType === PAX_ADULT && i === 0 }))
  return [...run(PAX_ADULT, adults), ...run(PAX_CHILD, children), ...run(PAX_INFANT, infants)]
}

/**
 * Whom the fare was priced for: the quote's FareBreakdown counts, else the
 * search's (the fare link's), else one adult.
 */
export function travellerCountsOf(result: FlightResult | undefined, searched: Travellers | undefined): Travellers {
  const counts: Travellers = { adults: 0, children: 0, infants: 0 }
  for (const b of result?.FareBreakdown ?? []) {
    const n = Number.isInteger(b.PassengerCount) && b.PassengerCount > 0 ? b.PassengerCount : 0
    if (b.PassengerType === PAX_ADULT) counts.adults += n
    else if (b.PassengerType === PAX_CHILD) counts.children += n
    else if (b.PassengerType === PAX_INFANT) counts.infants += n
  }
  if (counts.adults > 0) return counts
  return searched && searched.adults > 0 ? searched : { adults: 1, children: 0, infants: 0 }
}

/** What the quote asks of the travellers and the days their documents are measured against. */
export interface FareRules {
  /** Today in India, YYYY-MM-DD. */
  today: string
  /** The first flight's departure day (ages are counted on it), when known. */
  firstDay: string | undefined
  /** The last flight's departure day (passports must outlast it), when known. */
  lastDay: string | undefined
  needsPAN: boolean
  needsPassport: boolean
  gstAllowed: boolean
  gstMandatory: boolean
  /** A full-service fare takes a meal preference; low-cost carriers sell meals. */
  takesMeal: boolean
  slots: Slot[]
}

function dayOf(value: string | undefined): string | undefined {
  const day = (value ?? '').slice(0, 10)
  return isISODate(day) ? day : undefined
}

export function fareRulesOf(result: FlightResult, travellers: Travellers | undefined, today: string): FareRules {
  const lastLeg = result.Segments.at(-1)
  return {
    today,
    firstDay: dayOf(result.Segments[0]?.[0]?.Origin.DepTime),
    lastDay: dayOf(lastLeg?.at(-1)?.Origin.DepTime),
    needsPAN: Boolean(result.IsPanRequiredAtBook || result.IsPanRequiredAtTicket),
    needsPassport: Boolean(result.IsPassportRequiredAtBook || result.IsPassportRequiredAtTicket),
    gstAllowed: Boolean(result.GSTAllowed || result.IsGSTMandatory),
    gstMandatory: Boolean(result.IsGSTMandatory),
    takesMeal: !result.IsLCC,
    slots: slotsOf(travellerCountsOf(result, travellers)),
  }
}

export interface TravellerValues {
  /** Whom the form was filled from: ME, a co-traveller's id, or '' (typed by hand). */
  source: string
  title: string
  firstName: string
  lastName: string
  /** YYYY-MM-DD or ''. */
  dateOfBirth: string
  gender: string
  pan: string
  passportNo: string
  passportExpiry: string
  passportCountry: string
  ffAirline: string
  ffNumber: string
  meal: string
}

/** The lead passenger's contact and the booking's address. */
export interface ContactValues {
  email: string
  mobile: string
  addressLine1: string
  addressLine2: string
  city: string
  countryCode: string
  zipCode: string
}

export interface GSTValues {
  /** The traveller ticked the GST box (always so when the fare needs GST). */
  wanted: boolean
  gstin: string
  companyName: string
  address: string
  phone: string
  email: string
}

export interface BookingValues {
  travellers: TravellerValues[]
  contact: ContactValues
  gst: GSTValues
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
  pan?: string
  passport?: { number?: string; expiry?: string; issuingCountry?: string }
}

/** A person the account books for (the app reads them from the account's co-travellers). */
export interface SavedTraveller {
  id: string
  firstName: string
  lastName: string
  relationship: string
  /** male, female, other or ''. */
  gender: string
  dob: string
  nationality: string
  mealPreference: string
  passport: { number: string; expiry: string; issuingCountry: string }
  frequentFlyer: { airline: string; number: string }
}

/** A traveller typed by hand, to keep as a co-traveller. */
export type NewCoTraveller = Omit<SavedTraveller, 'id' | 'gender'> & { gender: 'male' | 'female' | '' }

/** The company whose GST registration the invoice carries (a MyBiz account's). */
export interface CompanyDetails {
  legalName: string
  gstin: string
  address: string
  email: string
  phone: string
}

/** The source of a form filled from the signed-in traveller. */
export const ME = 'me'

/** Someone a form can be filled from. */
export interface KnownPerson {
  id: string
  label: string
  gender: string
  firstName: string
  lastName: string
  dob: string
  pan: string
  passport: { number: string; expiry: string; issuingCountry: string }
  nationality: string
  frequentFlyer: { airline: string; number: string }
  mealPreference: string
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

const genderCode = (gender: string | undefined) => (gender === 'male' ? '1' : gender === 'female' ? '2' : '')

function meOf(prefill: PassengerPrefill): KnownPerson {
  const words = (prefill.fullName ?? '').trim().split(/\s+/).filter(Boolean)
  const firstName = prefill.firstName?.trim() || (words[0] ?? '')
  const lastName = prefill.lastName?.trim() || words.slice(1).join(' ')
  return {
    id: ME,
    label: `Me${firstName ? ` (${[firstName, lastName].filter(Boolean).join(' ')})` : ''}`,
    gender: prefill.gender ?? '',
    firstName,
    lastName,
    dob: prefill.dob ?? '',
    pan: prefill.pan ?? '',
    passport: {
      number: prefill.passport?.number ?? '',
      expiry: prefill.passport?.expiry ?? '',
      issuingCountry: prefill.passport?.issuingCountry ?? '',
    },
    nationality: prefill.nationality ?? '',
    frequentFlyer: { airline: '', number: '' },
    mealPreference: '',
  }
}

/** "Me" (the signed-in traveller), then the saved co-travellers. */
export function knownPeople(prefill: PassengerPrefill, saved: readonly SavedTraveller[]): KnownPerson[] {
  return [
    meOf(prefill),
    ...saved.map((s) => {
      const name = [s.firstName, s.lastName]
        .map((x) => x.trim())
        .filter(Boolean)
        .join(' ')
      return { ...s, pan: '', label: s.relationship.trim() ? `${name} (${s.relationship.trim()})` : name }
    }),
  ]
}

const EMPTY_TRAVELLER: TravellerValues = {
  source: '',
  title: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  pan: '',
  passportNo: '',
  passportExpiry: '',
  passportCountry: '',
  ffAirline: '',
  ffNumber: '',
  meal: '',
}

/** A form filled from a person (or emptied, for someone typed by hand). */
export function travellerFrom(person: KnownPerson | undefined, paxType: PaxType): TravellerValues {
  if (!person) return { ...EMPTY_TRAVELLER }
  const gender = genderCode(person.gender)
  return {
    source: person.id,
    title: titleOf(paxType, gender),
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
    dateOfBirth: dateOnly(person.dob),
    gender,
    pan: person.pan.trim().toUpperCase(),
    passportNo: person.passport.number.trim(),
    passportExpiry: dateOnly(person.passport.expiry),
    passportCountry: countryCodeOf(person.passport.issuingCountry) || countryCodeOf(person.nationality),
    ffAirline: person.frequentFlyer.airline.trim().toUpperCase(),
    ffNumber: person.frequentFlyer.number.trim(),
    meal: mealCodeOf(person.mealPreference),
  }
}

/** The page's starting values: the lead filled from "Me", the company's GST details when there is one. */
export function initialValues(
  rules: FareRules,
  prefill: PassengerPrefill,
  company: CompanyDetails | null,
): BookingValues {
  const me = meOf(prefill)
  return {
    travellers: rules.slots.map((slot) => travellerFrom(slot.lead ? me : undefined, slot.paxType)),
    contact: {
      email: prefill.email?.trim() ?? '',
      mobile: prefill.phone?.trim() ?? '',
      addressLine1: '',
      addressLine2: '',
      city: prefill.city?.trim() ?? '',
      countryCode: countryCodeOf(prefill.country) || 'IN',
      zipCode: prefill.postalCode?.trim() ?? '',
    },
    gst: {
      wanted: rules.gstMandatory || Boolean(company),
      gstin: company?.gstin ?? '',
      companyName: company?.legalName ?? '',
      address: company?.address ?? '',
      phone: company?.phone ?? '',
      email: company?.email ?? '',
    },
  }
}

type Path = (string | number)[]

const str = z.string()
const travellerShape = z.object({
  source: str,
  title: str,
  firstName: str,
  lastName: str,
  dateOfBirth: str,
  gender: str,
  pan: str,
  passportNo: str,
  passportExpiry: str,
  passportCountry: str,
  ffAirline: str,
  ffNumber: str,
  meal: str,
})

/** Problems with one traveller, by field. */
function travellerProblems(t: TravellerValues, slot: Slot, rules: FareRules): [keyof TravellerValues, string][] {
  const out: [keyof TravellerValues, string][] = []
  const fail = (field: keyof TravellerValues, message: string) => {
    if (message) out.push([field, message])
  }
  const titles = titlesFor(slot.paxType)
  fail('title', titles.includes(t.title) ? '' : `Please choose a title: ${titles.join(', ')}.`)
  fail('firstName', checkPassengerName('First name', t.firstName).message)
  fail('lastName', checkPassengerName('Last name', t.lastName).message)
  if (!t.dateOfBirth.trim()) {
    fail('dateOfBirth', 'Please enter the date of birth.')
  } else {
    const dob = checkDateOfBirth(t.dateOfBirth, rules.today)
    fail('dateOfBirth', dob.message || checkPassengerAge(slot.paxType, dob.value, rules.firstDay ?? rules.today))
  }
  if (t.gender !== '1' && t.gender !== '2') fail('gender', 'Please choose a gender.')
  else if (genderOfTitle(t.title) && genderOfTitle(t.title) !== t.gender) {
    fail('gender', `The title ${t.title} is for a ${t.gender === '1' ? 'female' : 'male'} traveller.`)
  }
  if (rules.needsPAN && slot.paxType === PAX_ADULT) {
    fail('pan', t.pan.trim() ? checkPAN(t.pan).message : 'Please enter the PAN.')
  }
  if (rules.needsPassport) {
    fail(
      'passportNo',
      t.passportNo.trim() ? checkPassportNumber(t.passportNo).message : 'Please enter the passport number.',
    )
    if (!t.passportExpiry.trim()) {
      fail('passportExpiry', 'Please enter the passport expiry date.')
    } else {
      const expiry = checkPassportExpiry(t.passportExpiry, rules.today)
      const lapses = !expiry.message && rules.lastDay !== undefined && expiry.value <= rules.lastDay
      fail('passportExpiry', expiry.message || (lapses ? PASSPORT_BEYOND_TRAVEL : ''))
    }
    fail('passportCountry', /^[A-Za-z]{2}$/.test(t.passportCountry.trim()) ? '' : ISSUING_COUNTRY_MESSAGE)
  }
  const airline = t.ffAirline.trim()
  const number = t.ffNumber.trim()
  if (airline || number) {
    fail('ffAirline', /^[A-Za-z0-9]{2}$/.test(airline) ? '' : 'Airline code must be two letters or digits, like AI.')
    fail(
      'ffNumber',
      /^[A-Za-z0-9]{1,20}$/.test(number) ? '' : 'Frequent flyer number must be up to 20 letters and digits.',
    )
  }
  return out
}

function contactProblems(c: ContactValues): [keyof ContactValues, string][] {
  const out: [keyof ContactValues, string][] = []
  const fail = (field: keyof ContactValues, message: string) => {
    if (message) out.push([field, message])
  }
  fail('email', checkEmail(c.email).message)
  fail('mobile', checkPhone(c.mobile).message)
  fail(
    'addressLine1',
    c.addressLine1.trim() ? checkText('Address line 1', c.addressLine1, 100).message : ADDRESS_REQUIRED,
  )
  fail('addressLine2', checkText('Address line 2', c.addressLine2, 100).message)
  fail('city', checkText('City', c.city, 64).message)
  fail('countryCode', /^[A-Za-z]{2}$/.test(c.countryCode.trim()) ? '' : COUNTRY_CODE_MESSAGE)
  if (c.zipCode.trim()) fail('zipCode', checkPostalCode(c.zipCode, c.countryCode).message)
  return out
}

function gstProblems(g: GSTValues): [keyof GSTValues, string][] {
  const out: [keyof GSTValues, string][] = []
  const fail = (field: keyof GSTValues, message: string) => {
    if (message) out.push([field, message])
  }
  const required = (label: string, value: string, max: number) =>
    value.trim() ? checkText(label, value, max).message : `Please enter the ${label.toLowerCase()}.`
  fail('gstin', checkGSTIN(g.gstin).message)
  fail('companyName', required('Company name', g.companyName, 100))
  fail('address', required('Registered address', g.address, 200))
  fail('phone', checkPhone(g.phone).message)
  fail('email', checkEmail(g.email).message)
  return out
}

/** The page's schema: every traveller, the lead's contact and the GST details by the API's rules. */
export function bookingSchema(rules: FareRules) {
  return z
    .object({
      travellers: z.array(travellerShape),
      contact: z.object({
        email: str,
        mobile: str,
        addressLine1: str,
        addressLine2: str,
        city: str,
        countryCode: str,
        zipCode: str,
      }),
      gst: z.object({ wanted: z.boolean(), gstin: str, companyName: str, address: str, phone: str, email: str }),
    })
    .check(
      z.superRefine((v, ctx) => {
        const fail = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message })
        rules.slots.forEach((slot, i) => {
          const t = v.travellers[i]
          if (!t) return
          for (const [field, message] of travellerProblems(t, slot, rules)) fail(['travellers', i, field], message)
        })
        for (const [field, message] of contactProblems(v.contact)) fail(['contact', field], message)
        if (rules.gstAllowed && (rules.gstMandatory || v.gst.wanted)) {
          for (const [field, message] of gstProblems(v.gst)) fail(['gst', field], message)
        }
      }),
    )
}

export interface BookParts {
  passengers: PassengerInput[]
  address: AddressInput
  contact: ContactInput
  gst?: GSTInput
  /** The seats, meals and baggage chosen, one per passenger in order (none: absent). */
  extras?: BookInput['extras']
}

const MEAL_CODES = new Set<string>(MEALS.map((m) => m.code))

function passengerOf(t: TravellerValues, slot: Slot, rules: FareRules, contact: ContactInput): PassengerInput {
  const p: PassengerInput = {
    Title: t.title,
    FirstName: checkPassengerName('First name', t.firstName).value,
    LastName: checkPassengerName('Last name', t.lastName).value,
    PaxType: slot.paxType,
    DateOfBirth: t.dateOfBirth.trim(),
    Gender: Number(t.gender),
  }
  if (slot.lead) {
    p.IsLeadPax = true
    p.ContactNo = contact.Mobile
    p.Email = contact.Email
  }
  if (rules.needsPAN && slot.paxType === PAX_ADULT) p.PAN = checkPAN(t.pan).value
  if (rules.needsPassport) {
    const country = t.passportCountry.trim().toUpperCase()
    p.PassportNo = checkPassportNumber(t.passportNo).value
    p.PassportExpiry = t.passportExpiry.trim()
    p.PassportIssuingCountry = country
    p.Nationality = country
  }
  if (t.ffAirline.trim() && t.ffNumber.trim()) {
    p.FFAirlineCode = t.ffAirline.trim().toUpperCase()
    p.FFNumber = t.ffNumber.trim().toUpperCase()
  }
  if (rules.takesMeal && MEAL_CODES.has(t.meal)) p.MealCode = t.meal as PassengerInput['MealCode']
  return p
}

/** The book and ticket bodies' travellers, address, contact and GST: names trimmed and upper-cased. */
export function toBookParts(v: BookingValues, rules: FareRules): BookParts {
  const email = v.contact.email.trim()
  const mobile = v.contact.mobile.trim()
  const contact: ContactInput = { Email: email, Mobile: mobile }
  const countryCode = v.contact.countryCode.trim().toUpperCase()
  const address: AddressInput = {
    AddressLine1: v.contact.addressLine1.trim(),
    AddressLine2: v.contact.addressLine2.trim(),
    City: v.contact.city.trim(),
    CountryCode: countryCode,
    CountryName: countryCode === 'IN' ? 'India' : countryCode,
    ZipCode: v.contact.zipCode.trim(),
  }
  const passengers = rules.slots.map((slot, i) => passengerOf(v.travellers[i] ?? EMPTY_TRAVELLER, slot, rules, contact))
  const parts: BookParts = { passengers, address, contact }
  if (rules.gstAllowed && (rules.gstMandatory || v.gst.wanted)) {
    parts.gst = {
      GSTNumber: checkGSTIN(v.gst.gstin).value,
      GSTCompanyName: v.gst.companyName.trim(),
      GSTCompanyAddress: v.gst.address.trim(),
      GSTCompanyContactNumber: v.gst.phone.trim(),
      GSTCompanyEmail: v.gst.email.trim(),
    }
  }
  return parts
}

const PASSENGER_FIELDS: Record<string, keyof TravellerValues> = {
  Title: 'title',
  FirstName: 'firstName',
  LastName: 'lastName',
  DateOfBirth: 'dateOfBirth',
  Gender: 'gender',
  PAN: 'pan',
  PassportNo: 'passportNo',
  PassportExpiry: 'passportExpiry',
  PassportIssuingCountry: 'passportCountry',
  Nationality: 'passportCountry',
  FFAirlineCode: 'ffAirline',
  FFNumber: 'ffNumber',
  MealCode: 'meal',
}

const CONTACT_FIELDS: Record<string, keyof ContactValues> = {
  Email: 'email',
  ContactNo: 'mobile',
  Mobile: 'mobile',
  AddressLine1: 'addressLine1',
  AddressLine2: 'addressLine2',
  City: 'city',
  CountryCode: 'countryCode',
  ZipCode: 'zipCode',
}

const GST_FIELDS: Record<string, keyof GSTValues> = {
  GSTNumber: 'gstin',
  GSTCompanyName: 'companyName',
  GSTCompanyAddress: 'address',
  GSTCompanyContactNumber: 'phone',
  GSTCompanyEmail: 'email',
}

/**
 * The form field an API field names ("passengers[2].PAN", "address.City",
 * "gst.GSTNumber"), or undefined when the page has none for it.
 */
export function formFieldOf(apiField: string, travellers: number): string | undefined {
  const passenger = /^passengers\[(\d+)\]\.(\w+)$/.exec(apiField)
  if (passenger) {
    const i = Number(passenger[1])
    const name = passenger[2] ?? ''
    if (i >= travellers) return undefined
    const field = PASSENGER_FIELDS[name]
    if (field) return `travellers.${i}.${field}`
    const contact = CONTACT_FIELDS[name]
    return contact ? `contact.${contact}` : undefined
  }
  const [group = '', name = ''] = apiField.split('.')
  if (group === 'address' || group === 'contact') {
    const contact = CONTACT_FIELDS[name]
    return contact ? `contact.${contact}` : undefined
  }
  if (group === 'gst') {
    const gst = GST_FIELDS[name]
    return gst ? `gst.${gst}` : undefined
  }
  return undefined
}

/** A traveller typed by hand as a co-traveller to keep (names as typed, trimmed). */
export function toCoTraveller(t: TravellerValues): NewCoTraveller {
  const meal = MEALS.find((m) => m.code === t.meal)
  return {
    firstName: t.firstName.trim(),
    lastName: t.lastName.trim(),
    relationship: '',
    gender: t.gender === '1' ? 'male' : t.gender === '2' ? 'female' : '',
    dob: t.dateOfBirth.trim(),
    nationality: t.passportCountry.trim().toUpperCase(),
    mealPreference: meal?.label ?? '',
    passport: {
      number: t.passportNo.trim() ? checkPassportNumber(t.passportNo).value : '',
      expiry: t.passportExpiry.trim(),
      issuingCountry: t.passportCountry.trim().toUpperCase(),
    },
    frequentFlyer: { airline: t.ffAirline.trim().toUpperCase(), number: t.ffNumber.trim().toUpperCase() },
  }
}

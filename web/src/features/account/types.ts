// The account area's wire types, mirroring the API's JSON (internal/account,
// internal/auth sessions, internal/flights bookings). Dates are YYYY-MM-DD or ''.

export type Gender = 'male' | 'female' | 'other' | ''
export type MaritalStatus = 'single' | 'married' | 'divorced' | 'widowed' | ''
export type TripProtectionPlan = 'None' | 'Basic' | 'Plus' | 'Premium' | ''
export type TravelInsurancePlan = 'None' | 'Basic' | 'Gold' | 'Platinum' | ''

export interface Passport {
  number: string
  expiry: string
  issuingCountry: string
}

/** The traveller profile (product spec 3). `firstName` holds the first and middle name. */
export interface Profile {
  firstName: string
  lastName: string
  gender: Gender
  dob: string
  nationality: string
  maritalStatus: MaritalStatus
  anniversary: string
  city: string
  state: string
  country: string
  postalCode: string
  pan: string
  passport: Passport
  emergencyContact: { name: string; phone: string }
  preferences: {
    domesticTripProtection: TripProtectionPlan
    internationalTravelInsurance: TravelInsurancePlan
  }
}

export type CompletionBand = 'start' | 'good' | 'half' | 'almost' | 'complete'

export interface CompletionItem {
  key: string
  label: string
  weight: number
  completed: boolean
}

export interface NextStep {
  key: string
  label: string
  reason: string
  ctaText: string
  /** 'action:sendEmailVerification', 'action:openOtp', or a path on this site. */
  target: string
}

export interface ProfileCompletion {
  score: number
  band: CompletionBand
  breakdown: CompletionItem[]
  nextStep: NextStep | null
}

/** A person the user books for (product spec 3). No `_id` until saved. */
export interface CoTraveller {
  _id?: string
  firstName: string
  lastName: string
  relationship: string
  gender: Gender
  dob: string
  nationality: string
  mealPreference: string
  trainBerthPreference: string
  passport: Passport
  phone: string
  email: string
  frequentFlyer: { airline: string; number: string }
}

/** A signed-in device (product spec 3, Session). Timestamps are ISO 8601. */
export interface DeviceSession {
  _id: string
  current: boolean
  userAgent: string
  createdAt: string
  lastSeenAt: string
  ip: string
}

/** A flight booking as My Trips lists it. */
export interface Booking {
  _id: string
  status: string
  pnr?: string
  bookingId?: number
  origin: string
  destination: string
  departure: string
  airline: string
  price: number
  currency: string
  createdAt: string
}

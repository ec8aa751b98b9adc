import { paths } from '@/config/paths'

/** Header slogans, shown in this order and then from the start again. */
export const SLOGANS = [
  'Corporate Booking',
  'Enterprise Bookings',
  'Social Booking',
  'MICE Booking',
  'Holiday Booking',
  'VISA Booking',
] as const

export const SLOGAN_INTERVAL_MS = 2600

/** Captions of the sign-in dialog's carousel, one per slide. */
export const SIGN_IN_SLIDES = [
  'Lock Flight Prices & Pay Later',
  'Book Hotels at Exclusive Rates',
  'Best Deals on International Trips',
  'Visa Assistance Without Hassle',
  'MICE & Corporate Travel Experts',
] as const

export const SIGN_IN_CAROUSEL_INTERVAL_MS = 3000

/** Where the partner visa site sends travellers back to when no return path is given. */
export const DEFAULT_VISA_RETURN_PATH = paths.visaReturn

export const PAGE_TITLE_SUFFIX = 'Paryatan'

/** The site's meta description, for pages that have none of their own (also in index.html). */
export const SITE_DESCRIPTION =
  'Paryatan: flights, hotels, visas, holidays, cruises and MICE travel for travellers in India.'

/** Where to go after signing in or registering when no return path is known. */
export const DEFAULT_RETURN_PATH = paths.home

/** After a profile save, the page reloads this long after 'Your Profile has been updated.' shows. */
export const PROFILE_RELOAD_DELAY_MS = 900

/** 'What's left' on the completion card lists at most this many open steps. */
export const WHATS_LEFT_LIMIT = 5

/** With no toast area on the page, a failure is announced with a browser alert after this delay. */
export const ALERT_FALLBACK_DELAY_MS = 50

/** The visa page looks for a finished sign-in this often, and gives up after this many looks (product spec 9). */
export const VISA_LOGIN_POLL_MS = 1000
export const VISA_LOGIN_POLL_TRIES = 15

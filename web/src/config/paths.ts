// Every page's address, written once: the route table (app/router.tsx) is
// made of ROUTES and REDIRECTS, and every link, navigation and redirect the
// app makes is built with `paths`. It lives with the shared config rather than
// in app/ because features link to pages too and may not import the app layer.
import { generatePath } from 'react-router'

import { REDIRECTS, ROUTES } from './routes'

export { REDIRECTS, ROUTES }

type Query = ConstructorParameters<typeof URLSearchParams>[0]

/** The path with the query, when the query has anything in it. */
function withQuery(path: string, query: Query): string {
  const text = new URLSearchParams(query).toString()
  return text ? `${path}?${text}` : path
}

/** Links to the pages: a page's address as it is, or a function of what the address holds. */
export const paths = {
  home: ROUTES.home,
  /** The flight results, searching what the query says (product spec 2.13). */
  flights: (query?: Query) => withQuery(ROUTES.flights, query),
  flightForm: ROUTES.flightForm,
  /** The fare and book page for the flight the query names (product spec 2.14). */
  fare: (query?: Query) => withQuery(ROUTES.fare, query),
  /** A booking after the traveller paid, or tried to; the payment gateway returns here. */
  booking: (id: string) => generatePath(ROUTES.booking, { id }),
  holidays: ROUTES.holidays,
  holiday: (slug: string) => generatePath(ROUTES.holiday, { slug }),
  mice: ROUTES.mice,
  support: ROUTES.support,
  hotels: ROUTES.hotels,
  cruises: ROUTES.cruises,
  contact: ROUTES.contact,
  offers: ROUTES.offers,
  visa: ROUTES.visa,
  /** Where the partner visa site sends travellers back to. */
  visaReturn: ROUTES.visaReturn,
  visaGuide: (country: string) => generatePath(ROUTES.visaGuide, { country }),
  /** The concierge, told by the query where the traveller comes from and what about (product spec 2.11). */
  concierge: (query?: Query) => withQuery(ROUTES.concierge, query),
  /** The MICE page's concierge link, by the short address product spec 2.6 gives it. */
  conciergeShort: (query: Query) => withQuery(REDIRECTS.concierge, query),
  careers: ROUTES.careers,
  /** The blog, with the posts of one tag when one is given. */
  blogs: (tag?: string) => withQuery(ROUTES.blogs, tag ? { tag } : undefined),
  blogPost: (slug: string) => generatePath(ROUTES.blogPost, { slug }),
  about: ROUTES.about,
  privacy: ROUTES.privacy,
  terms: ROUTES.terms,
  cancellation: ROUTES.cancellation,
  cookies: ROUTES.cookies,
  accessibility: ROUTES.accessibility,
  info: ROUTES.info,
  faq: ROUTES.faq,
  checkin: ROUTES.checkin,
  logout: ROUTES.logout,
  account: ROUTES.account,
  profile: ROUTES.profile,
  coTravellers: ROUTES.coTravellers,
  company: ROUTES.company,
  devices: ROUTES.devices,
  resetPassword: ROUTES.resetPassword,
  trips: ROUTES.trips,
  trip: (id: string) => generatePath(ROUTES.trip, { id }),
  wallet: ROUTES.wallet,
  payments: ROUTES.payments,
  wishlist: ROUTES.wishlist,
  enquiries: ROUTES.enquiries,
  login: ROUTES.login,
  register: ROUTES.register,
} as const

import { holidayConciergeHref } from '../lib/concierge-link'

export type PackageScope = 'International' | 'Domestic'

/** A holiday package card (spec 3). Prices are per person, in whole rupees. */
export interface HolidayPackage {
  id: string
  title: string
  /** Nights and what the price includes. */
  subtitle: string
  /** The 'From' price per person, INR. */
  price: number
  scope: PackageScope
  trending?: boolean
  /** A same-site path under /images/places/. */
  image: string
  /** The concierge hand-off for this card. */
  href: string
}

type PackageInput = Omit<HolidayPackage, 'image' | 'href'>

function pkg(input: PackageInput): HolidayPackage {
  return { ...input, image: `/images/places/${input.id}.svg`, href: holidayConciergeHref(input.title) }
}

// Each list is in the order travellers ask for these places most, which the
// Top Destination filter relies on. Prices are spread so that every budget
// band of both scopes holds at least one package.
const INTERNATIONAL: readonly HolidayPackage[] = [
  pkg({
    id: 'bali',
    title: 'Bali',
    subtitle: '5 nights · return flights, pool villa, Ubud and Nusa Penida tours',
    price: 64_900,
    scope: 'International',
    trending: true,
  }),
  pkg({
    id: 'dubai',
    title: 'Dubai',
    subtitle: '4 nights · hotel, UAE tourist visa, desert safari, Burj Khalifa; flights extra',
    price: 34_900,
    scope: 'International',
    trending: true,
  }),
  pkg({
    id: 'singapore-and-malaysia',
    title: 'Singapore and Malaysia',
    subtitle: '6 nights · return flights, hotels, Sentosa, Genting Highlands, Kuala Lumpur tour',
    price: 89_900,
    scope: 'International',
  }),
  pkg({
    id: 'qatar',
    title: 'Qatar',
    subtitle: '4 nights · return flights, Doha hotel, dune bashing at the Inland Sea, city tour',
    price: 52_900,
    scope: 'International',
  }),
  pkg({
    id: 'georgia',
    title: 'Georgia',
    subtitle: '6 nights · return flights, Tbilisi, Kazbegi and Gudauri, e-visa help',
    price: 74_900,
    scope: 'International',
  }),
  pkg({
    id: 'maldives',
    title: 'Maldives',
    subtitle: '4 nights · return flights, beach villa, all meals, speedboat transfers',
    price: 1_24_900,
    scope: 'International',
    trending: true,
  }),
  pkg({
    id: 'paris',
    title: 'Paris',
    subtitle: '6 nights · return flights, hotel, Eiffel Tower, Seine cruise, Schengen visa help',
    price: 1_69_900,
    scope: 'International',
  }),
  pkg({
    id: 'new-zealand',
    title: 'New Zealand',
    subtitle: '9 nights · return flights, Auckland, Rotorua, Queenstown, self-drive car',
    price: 2_89_900,
    scope: 'International',
  }),
  pkg({
    id: 'japan',
    title: 'Japan',
    subtitle: '7 nights · return flights, Tokyo, Hakone, Kyoto and Osaka, 7-day JR Pass',
    price: 2_14_900,
    scope: 'International',
  }),
  pkg({
    id: 'oman',
    title: 'Oman',
    subtitle: '4 nights · return flights, Muscat, Nizwa fort, Wahiba Sands desert camp',
    price: 58_900,
    scope: 'International',
  }),
]

const DOMESTIC: readonly HolidayPackage[] = [
  pkg({
    id: 'goa',
    title: 'Goa',
    subtitle: '3 nights · beach resort, breakfast, North Goa tour; flights extra',
    price: 12_900,
    scope: 'Domestic',
    trending: true,
  }),
  pkg({
    id: 'kerala',
    title: 'Kerala',
    subtitle: '5 nights · Munnar, Thekkady, Alleppey houseboat, private cab',
    price: 24_900,
    scope: 'Domestic',
  }),
  pkg({
    id: 'kashmir',
    title: 'Kashmir',
    subtitle: '5 nights · return flights, Dal Lake houseboat, Gulmarg, Pahalgam',
    price: 32_900,
    scope: 'Domestic',
    trending: true,
  }),
  pkg({
    id: 'andaman',
    title: 'Andaman',
    subtitle: '5 nights · return flights, Port Blair, Havelock and Neil, ferries',
    price: 42_900,
    scope: 'Domestic',
  }),
  pkg({
    id: 'ladakh',
    title: 'Ladakh',
    subtitle: '6 nights · return flights, Leh, Nubra, Pangong Tso, inner-line permits',
    price: 54_900,
    scope: 'Domestic',
  }),
  pkg({
    id: 'manali',
    title: 'Manali',
    subtitle: '4 nights · Volvo from Delhi, hotel, Solang Valley, Atal Tunnel',
    price: 14_500,
    scope: 'Domestic',
  }),
  pkg({
    id: 'jaipur',
    title: 'Jaipur',
    subtitle: '3 nights · heritage hotel, Amber Fort, guided city tour, private car',
    price: 16_900,
    scope: 'Domestic',
  }),
  pkg({
    id: 'udaipur',
    title: 'Udaipur',
    subtitle: '3 nights · lake-view hotel, Lake Pichola boat ride, City Palace, private car',
    price: 21_900,
    scope: 'Domestic',
  }),
  pkg({
    id: 'rishikesh',
    title: 'Rishikesh',
    subtitle: '3 nights · riverside camp, white-water rafting, Ganga aarti at Triveni Ghat',
    price: 9_900,
    scope: 'Domestic',
  }),
  pkg({
    id: 'coorg',
    title: 'Coorg',
    subtitle: '3 nights · plantation homestay, coffee estate walk, Abbey Falls',
    price: 17_500,
    scope: 'Domestic',
  }),
]

/** The 20 packages of spec 3: 10 international, then 10 domestic. */
export const HOLIDAY_PACKAGES: readonly HolidayPackage[] = [...INTERNATIONAL, ...DOMESTIC]

import { paths } from '@/config/paths'

export const ABOUT_TITLE = 'About us'

export const ABOUT_DESCRIPTION =
  'Paryatan is a Gurugram-based travel company for flights, visas, holidays, cruises, MICE and concierge trips, with people you can reach and prices that hold up at checkout.'

export const ABOUT_LEAD =
  'We are a team of travel experts helping Indian travellers book flights, visas, holidays and cruises, and plan company trips and events, from our offices in Gurugram and Mumbai.'

export interface AboutProduct {
  title: string
  text: string
  /** Where the card's link goes. */
  to: string
  /** The link's text, which says where it goes on its own. */
  linkText: string
}

export const ABOUT_PRODUCTS: readonly AboutProduct[] = [
  {
    title: 'Flights',
    text: 'Domestic and international fares, re-checked with the airline before you pay and ticketed once payment goes through.',
    to: paths.flights(),
    linkText: 'Search flights',
  },
  {
    title: 'Visas',
    text: 'Visa applications through our partner visa site, which opens with your Paryatan sign-in, so you do not need a second account.',
    to: paths.visa,
    linkText: 'Apply for a visa',
  },
  {
    title: 'Holidays',
    text: 'Ready-made and made-to-order packages, from weekend stopovers to group departures, with flights, hotels and sightseeing in one price.',
    to: paths.holidays,
    linkText: 'Browse holidays',
  },
  {
    title: 'Cruises',
    text: 'Cruises from India and around the world, with help choosing the ship, the cabin and the flights to reach the port.',
    to: paths.cruises,
    linkText: 'Explore cruises',
  },
  {
    title: 'MICE',
    text: 'Meetings, incentives, conferences and events: offsites, incentive trips and conferences planned and booked for teams large and small.',
    to: paths.mice,
    linkText: 'Plan a company event',
  },
  {
    title: 'Concierge',
    text: 'Tell a travel expert what you have in mind and get a trip planned around your dates, budget and the people travelling.',
    to: paths.concierge(),
    linkText: 'Talk to a concierge',
  },
]

export interface AboutValue {
  title: string
  text: string
  link?: { text: string; to: string }
}

export const ABOUT_VALUES: readonly AboutValue[] = [
  {
    title: 'Exact prices',
    text: 'The price you see includes taxes, and any convenience fee is shown before you pay. We check a flight’s fare with the airline again before taking your money, so there are no surprises afterwards.',
  },
  {
    title: 'People you can reach',
    text: 'A real team answers the phone and e-mail, and travellers already on a trip can reach us 24x7. When plans change, you talk to someone who can fix them.',
  },
  {
    title: 'Your data, kept to what is needed',
    text: 'We ask only for the details an airline, hotel or embassy needs, never sell them, and use no advertising trackers.',
    link: { text: 'Read our privacy policy', to: paths.privacy },
  },
]

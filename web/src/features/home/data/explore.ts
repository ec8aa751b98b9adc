import { paths } from '@/config/paths'
import { homeConciergeHref } from '../lib/links'

export interface ExploreCard {
  title: string
  body: string
  image: string
  /** Short label of what the link opens, shown on the card. */
  action: string
  to: string
}

function card(title: string, body: string, image: string, action: string, to: string | ((title: string) => string)) {
  return { title, body, image: `/images/home/${image}.svg`, action, to: typeof to === 'string' ? to : to(title) }
}

/**
 * The Explore section's nine cards (spec 2.4), three rows of three: visas,
 * holidays, stopovers and groups. The Holidays and Stopover cards hand the
 * card's title to the concierge.
 */
export const EXPLORE_ROWS: ReadonlyArray<readonly ExploreCard[]> = [
  [
    card(
      'Visa',
      'Tourist and business visas for 40+ countries, with document checks before you apply.',
      'explore-visa',
      'Start a visa application',
      paths.visa,
    ),
    card(
      'Dubai visa',
      '30-day and 60-day UAE tourist e-visas, usually issued in 3 to 4 working days.',
      'explore-dubai-visa',
      'See Dubai visa details',
      paths.visaGuide('dubai'),
    ),
    card(
      'Singapore visa',
      'Tourist visas for Singapore, filed through authorised agents, with a checklist for families.',
      'explore-singapore-visa',
      'See Singapore visa details',
      paths.visaGuide('singapore'),
    ),
  ],
  [
    card(
      'Holidays',
      'Tell us where and when; a concierge plans flights, stays and sightseeing around you.',
      'explore-holidays',
      'Plan a holiday with a concierge',
      (title) => homeConciergeHref('holidays', title),
    ),
    card(
      'Qatar holidays',
      'Doha’s Corniche, the desert at Sealine and the National Museum, with visa-free entry for Indians.',
      'explore-qatar',
      'See Qatar holidays',
      paths.holiday('qatar'),
    ),
    card(
      'Hong Kong holidays',
      'Victoria Peak, Disneyland and the Big Buddha on Lantau, with a day in Macau if you like.',
      'explore-hong-kong',
      'See Hong Kong holidays',
      paths.holiday('hong-kong'),
    ),
  ],
  [
    card(
      'Stopover',
      'Turn a long layover into two or three nights in a new city on the way to Europe or the US.',
      'explore-stopover',
      'Plan a stopover with a concierge',
      (title) => homeConciergeHref('stopover', title),
    ),
    card(
      'Dubai stopover',
      'Break the journey to Europe or the US with a short stay in Dubai, hotel and transfers included.',
      'explore-dubai-stopover',
      'See Dubai stopovers',
      paths.holiday('dubai-stopover'),
    ),
    card(
      'Group departures',
      'Fixed-date group tours with an Indian tour manager, vegetarian meals and visas handled.',
      'explore-group-departures',
      'See group departures',
      paths.holiday('group-departures'),
    ),
  ],
]

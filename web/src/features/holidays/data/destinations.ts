import { holidayConciergeHref } from '../lib/concierge-link'

export interface ItineraryDay {
  /** "Day 1", "Days 2–3" */
  when: string
  plan: string
}

/** A holiday destination page, /holidays/{slug}. */
export interface HolidayDestination {
  slug: string
  /** The page's h1 and the concierge card name. */
  title: string
  /** The meta description. */
  description: string
  intro: string
  highlights: readonly string[]
  bestTime: string
  itineraryTitle: string
  itinerary: readonly ItineraryDay[]
  /** For Indian passport holders; rules change, so each note says to check before booking. */
  visaNote: string
  /** Indicative per-person price, INR. */
  fromPrice: number
  priceIncludes: string
  image: string
  imageAlt: string
  href: string
}

type DestinationInput = Omit<HolidayDestination, 'href'>

function destination(input: DestinationInput): HolidayDestination {
  return { ...input, href: holidayConciergeHref(input.title) }
}

export const HOLIDAY_DESTINATIONS: readonly HolidayDestination[] = [
  destination({
    slug: 'qatar',
    title: 'Qatar holidays',
    description:
      'Plan a Qatar holiday from India: Doha’s museums and souqs, a desert safari to the Inland Sea, the best months to go and visa notes for Indian passport holders.',
    intro:
      'Four hours from Mumbai or Delhi, Doha pairs world-class museums and a lively old souq with golden dunes that roll into the sea. It suits families, couples and a long weekend alike.',
    highlights: [
      'The Museum of Islamic Art and the National Museum of Qatar',
      'Souq Waqif and the falcon souq by night',
      'Dune bashing and a sunset at Khor Al Adaid, the Inland Sea',
      'The Pearl-Qatar and Katara Cultural Village',
      'A dhow cruise along the Corniche',
    ],
    bestTime:
      'November to March, when days are 20–28 °C. April and October are warm but fine; June to September is very hot and best kept for indoor stays.',
    itineraryTitle: 'Qatar in 4 nights',
    itinerary: [
      { when: 'Day 1', plan: 'Arrive in Doha, check in, evening walk through Souq Waqif.' },
      { when: 'Day 2', plan: 'Museum of Islamic Art, the Corniche, dhow cruise at sunset.' },
      { when: 'Day 3', plan: 'Half-day desert safari with dune bashing to the Inland Sea.' },
      { when: 'Day 4', plan: 'The Pearl-Qatar, Katara Cultural Village and the National Museum.' },
      { when: 'Day 5', plan: 'Breakfast, transfer to Hamad International Airport.' },
    ],
    visaNote:
      'Indian passport holders can usually enter Qatar visa-free for up to 30 days with a passport valid for six months, a confirmed return ticket and a confirmed hotel booking. Rules change: we check the current requirements for you before you pay.',
    fromPrice: 52_900,
    priceIncludes: 'Per person, twin sharing, with return flights from Mumbai, 4 nights’ hotel and the desert safari',
    image: '/images/places/qatar.svg',
    imageAlt: 'Doha’s skyline across the bay with a dhow on the water',
  }),
  destination({
    slug: 'hong-kong',
    title: 'Hong Kong holidays',
    description:
      'Plan a Hong Kong holiday from India: Victoria Peak, the Big Buddha, Disneyland and Macau, the best months to go and the pre-arrival registration Indians need.',
    intro:
      'A harbour city of skyscrapers and dim sum, green hills and island villages, Hong Kong is compact, safe and easy to get around on the MTR and the Star Ferry.',
    highlights: [
      'Victoria Peak by the Peak Tram and the Symphony of Lights',
      'The Star Ferry across Victoria Harbour',
      'Ngong Ping 360 cable car to the Tian Tan Buddha',
      'Hong Kong Disneyland or Ocean Park',
      'A day trip to Macau by the Hong Kong–Zhuhai–Macau Bridge',
    ],
    bestTime:
      'October to December, with clear skies and 18–26 °C. March and April are pleasant too; June to September brings heat, humidity and typhoon warnings.',
    itineraryTitle: 'Hong Kong and Macau in 4 nights',
    itinerary: [
      { when: 'Day 1', plan: 'Arrive, check in in Tsim Sha Tsui, Avenue of Stars and the Symphony of Lights.' },
      { when: 'Day 2', plan: 'Peak Tram to Victoria Peak, Star Ferry, evening at Temple Street Night Market.' },
      { when: 'Day 3', plan: 'Ngong Ping 360 to the Big Buddha, or a full day at Disneyland.' },
      { when: 'Day 4', plan: 'Day trip to Macau: Ruins of St Paul’s, Senado Square, the Cotai Strip.' },
      { when: 'Day 5', plan: 'Shopping time, transfer to the airport.' },
    ],
    visaNote:
      'Indian passport holders do not need a visa for visits of up to 14 days, but must complete the free online Pre-arrival Registration (PAR) before they fly. Macau allows Indians a 30-day visa-free stay. We check the current rules before you pay.',
    fromPrice: 69_900,
    priceIncludes: 'Per person, twin sharing, with return flights from Delhi, 4 nights’ hotel and the Macau day trip',
    image: '/images/places/hong-kong.svg',
    imageAlt: 'Hong Kong’s skyline over the harbour at dusk',
  }),
  destination({
    slug: 'group-departures',
    title: 'Group departures',
    description:
      'Escorted group tours from India on fixed dates: Europe, Dubai, Southeast Asia and Kashmir with an Indian tour manager, Indian meals and visas handled for the group.',
    intro:
      'Travel on fixed dates with a small group and a tour manager from India. Flights, visas, hotels, sightseeing and most meals are arranged, so you only pack and go. A good fit for first trips abroad, senior travellers and families.',
    highlights: [
      'An experienced Indian tour manager from departure to return',
      'Indian, vegetarian and Jain meals on request',
      'Group visa filing with document checks before you apply',
      'Hotels with breakfast, coach transfers and entry tickets included',
      'Departures from Mumbai and Delhi, with connecting flights from other cities',
    ],
    bestTime:
      'Europe departures run April to June and in the October and Diwali breaks; Dubai and Southeast Asia from October to March; Kashmir in April–May for tulips and September–October for autumn colours.',
    itineraryTitle: 'Europe highlights in 10 nights (our most booked group tour)',
    itinerary: [
      { when: 'Days 1–3', plan: 'Paris: Eiffel Tower, a Seine cruise, Disneyland or Versailles.' },
      { when: 'Days 4–6', plan: 'Switzerland: Mount Titlis, Lucerne, Interlaken and Jungfraujoch (optional).' },
      { when: 'Day 7', plan: 'Innsbruck and the Swarovski Crystal Worlds.' },
      { when: 'Days 8–10', plan: 'Italy: a gondola ride in Venice, Pisa and Florence, then Rome.' },
      { when: 'Day 11', plan: 'Fly home from Rome.' },
    ],
    visaNote:
      'Europe tours need a Schengen visa: you can apply up to six months before travel and at least 15 days ahead; we book the appointment and check your papers. Dubai and Southeast Asia tours include their e-visas where these exist for Indian passport holders.',
    fromPrice: 1_89_900,
    priceIncludes: 'Per person, twin sharing, Europe highlights with flights, visa fees, hotels and most meals',
    image: '/images/places/group-departures.svg',
    imageAlt: 'A tour coach on a mountain road with an aeroplane overhead',
  }),
  destination({
    slug: 'dubai-stopover',
    title: 'Dubai stopover',
    description:
      'Break a long flight from India with two or three nights in Dubai: what to see, the best months, a stopover itinerary and transit visa notes for Indian passport holders.',
    intro:
      'Flying to Europe, Africa or the Americas through Dubai? Stay two or three nights instead of two hours: see the Burj Khalifa, the old creek and the desert, then fly on rested.',
    highlights: [
      'At the Top, Burj Khalifa, and the Dubai Fountain show',
      'An abra ride across Dubai Creek to the gold and spice souqs',
      'An evening desert safari with dinner',
      'Museum of the Future and the Dubai Frame',
      'Beach time at JBR or Kite Beach',
    ],
    bestTime:
      'November to March, with 20–30 °C days. Dubai Shopping Festival runs from mid-December to January. Summer stopovers work well for malls and indoor sights.',
    itineraryTitle: 'Dubai in 2 nights',
    itinerary: [
      { when: 'Day 1', plan: 'Land, check in, Dubai Mall and At the Top, Burj Khalifa, the fountain show.' },
      { when: 'Day 2', plan: 'Old Dubai by abra, the souqs; an afternoon desert safari with dinner.' },
      { when: 'Day 3', plan: 'Museum of the Future or a beach morning, transfer to your onward flight.' },
    ],
    visaNote:
      'Indian passport holders with a valid US visa or green card, or a UK or EU residence permit, can get a 14-day visa on arrival. Everyone else needs a visa before flying: a 48- or 96-hour transit visa through the airline, or a tourist visa, which we can arrange.',
    fromPrice: 18_900,
    priceIncludes: 'Per person, twin sharing, for 2 nights’ hotel, airport transfers, the visa and the desert safari',
    image: '/images/places/dubai.svg',
    imageAlt: 'Dubai’s skyline with the Burj Khalifa at sunset',
  }),
  destination({
    slug: 'saudi',
    title: 'Saudi Arabia holidays',
    description:
      'Plan a Saudi Arabia holiday from India: AlUla’s Nabataean tombs, Riyadh, old Jeddah and the Edge of the World, with the best months to go and visa notes for Indians.',
    intro:
      'Saudi Arabia opened to tourists in 2019. Beyond Riyadh’s modern skyline lie the rock-cut tombs of Hegra, the coral-stone houses of old Jeddah and desert canyons that few travellers have seen.',
    highlights: [
      'Hegra, Saudi Arabia’s first UNESCO World Heritage Site, in AlUla',
      'Elephant Rock and a night under the stars in the AlUla desert',
      'Al-Balad, Jeddah’s historic quarter, and the Corniche',
      'Diriyah and the Edge of the World near Riyadh',
      'The Red Sea coast for snorkelling and diving',
    ],
    bestTime:
      'November to February, with mild 18–28 °C days; AlUla’s desert nights can be cool. From May to September temperatures pass 40 °C.',
    itineraryTitle: 'Riyadh, AlUla and Jeddah in 5 nights',
    itinerary: [
      { when: 'Day 1', plan: 'Arrive in Riyadh, evening at Boulevard City.' },
      { when: 'Day 2', plan: 'Diriyah’s At-Turaif district; afternoon drive to the Edge of the World.' },
      { when: 'Days 3–4', plan: 'Fly to AlUla: Hegra, Elephant Rock, the old town and a desert camp.' },
      { when: 'Day 5', plan: 'Fly to Jeddah: Al-Balad walking tour and the Corniche at sunset.' },
      { when: 'Day 6', plan: 'Transfer to the airport for your flight home.' },
    ],
    visaNote:
      'Indian passport holders who hold a valid US, UK or Schengen visa that has been used once can apply for a Saudi tourist e-visa online or get one on arrival. Others apply for a tourist visa through the Saudi visa centres in India; we help with the application.',
    fromPrice: 89_900,
    priceIncludes:
      'Per person, twin sharing, with flights from Mumbai, internal flights, 5 nights’ hotels and guided tours',
    image: '/images/places/saudi.svg',
    imageAlt: 'Rock formations of AlUla in the desert',
  }),
  destination({
    slug: 'qatar-stopover',
    title: 'Qatar stopover',
    description:
      'Turn a Doha connection into a one- or two-night Qatar stopover: what you can see, a short itinerary, the best months and entry notes for Indian passport holders.',
    intro:
      'Flying Qatar Airways to Europe, the US or Africa? Add a night or two in Doha between flights: hotels are close to Hamad International Airport and the city’s best sights are an hour’s ride apart.',
    highlights: [
      'Museum of Islamic Art and its park on the bay',
      'Souq Waqif for dinner, spices and shisha',
      'A short desert safari to the Inland Sea',
      'The Pearl-Qatar marina and Katara’s beach',
      'Hamad International Airport’s indoor garden, the Orchard',
    ],
    bestTime:
      'November to March for the desert and the Corniche; a summer stopover still works for museums, malls and Souq Waqif after dark.',
    itineraryTitle: 'Doha in 2 nights',
    itinerary: [
      { when: 'Day 1', plan: 'Land at Hamad International, check in, evening at Souq Waqif.' },
      { when: 'Day 2', plan: 'Museum of Islamic Art, a dhow cruise, then the Inland Sea desert safari.' },
      { when: 'Day 3', plan: 'The Pearl-Qatar and Katara, transfer back for your onward flight.' },
    ],
    visaNote:
      'Indian passport holders can usually enter Qatar visa-free for up to 30 days with a passport valid for six months, an onward ticket and a confirmed hotel booking, so a stopover needs no separate visa. We check the current rules before you pay.',
    fromPrice: 9_900,
    priceIncludes: 'Per person, twin sharing, for 2 nights’ hotel with breakfast, airport transfers and a city tour',
    image: '/images/places/qatar-stopover.svg',
    imageAlt: 'An aeroplane above Doha’s skyline',
  }),
]

export function findHolidayDestination(slug: string | undefined): HolidayDestination | undefined {
  return HOLIDAY_DESTINATIONS.find((d) => d.slug === slug)
}

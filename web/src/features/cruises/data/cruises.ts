// The cruises page's fixed content (spec 2.7, 3 and 9).

export const CRUISE_DESTINATIONS = [
  'Mediterranean',
  'Middle East',
  'Alaska',
  'Norway and Iceland',
  'Southeast Asia',
] as const

export const CRUISE_PORTS = ['Barcelona', 'Rome', 'Dubai', 'Singapore', 'Southampton', 'Seattle'] as const

export const CRUISE_DURATIONS = ['3–4 nights', '5–7 nights', '8–10 nights', '10+ nights'] as const

export interface CruiseDestination {
  title: (typeof CRUISE_DESTINATIONS)[number]
  /** Sailings we can book there this season. */
  cruiseCount: number
  image: string
  blurb: string
}

export const TOP_CRUISE_DESTINATIONS: readonly CruiseDestination[] = [
  {
    title: 'Mediterranean',
    cruiseCount: 128,
    image: '/images/places/cruise-mediterranean.svg',
    blurb: 'Barcelona, Marseille, Rome and the Greek islands, April to October.',
  },
  {
    title: 'Middle East',
    cruiseCount: 36,
    image: '/images/places/cruise-middle-east.svg',
    blurb: 'Dubai, Abu Dhabi, Doha and Muscat, November to March.',
  },
  {
    title: 'Alaska',
    cruiseCount: 54,
    image: '/images/places/cruise-alaska.svg',
    blurb: 'Glaciers and the Inside Passage from Seattle, May to September.',
  },
  {
    title: 'Norway and Iceland',
    cruiseCount: 42,
    image: '/images/places/cruise-norway-and-iceland.svg',
    blurb: 'Fjords in summer, the northern lights from October to March.',
  },
  {
    title: 'Southeast Asia',
    cruiseCount: 64,
    image: '/images/places/cruise-southeast-asia.svg',
    blurb: 'Singapore, Penang, Phuket and Langkawi, all year round.',
  },
]

/** Reviews of cruises booked with us (spec 9): 4.9 from 457, by star from 5 to 1. */
export const CRUISE_REVIEWS = {
  rating: 4.9,
  total: 457,
  byStar: [
    { stars: 5, count: 431 },
    { stars: 4, count: 24 },
    { stars: 3, count: 3 },
    { stars: 2, count: 2 },
    { stars: 1, count: 1 },
  ],
} as const

/** Cruise lines we book that sail from India or are popular with Indian travellers. */
export const CRUISE_PARTNERS: readonly { name: string; note: string }[] = [
  { name: 'Cordelia Cruises', note: 'Sailings from Mumbai, Goa, Kochi and Chennai' },
  { name: 'Royal Caribbean International', note: 'Singapore, the Mediterranean, Alaska' },
  { name: 'MSC Cruises', note: 'Dubai and the Gulf, the Mediterranean, Northern Europe' },
  { name: 'Norwegian Cruise Line', note: 'Alaska, Northern Europe, the Mediterranean' },
  { name: 'Celebrity Cruises', note: 'Premium sailings in Europe and Alaska' },
  { name: 'Princess Cruises', note: 'Alaska, Japan, Northern Europe' },
  { name: 'Costa Cruises', note: 'The Mediterranean and the Gulf' },
  { name: 'Resorts World Cruises', note: 'Short sailings from Singapore and Penang' },
]

export const CRUISE_DIFFERENTIATORS: readonly { title: string; body: string }[] = [
  {
    title: 'Cabins picked for you',
    body: 'We compare decks, cabin positions and fares across lines, so you do not pay for a balcony you cannot use.',
  },
  {
    title: 'Flights, visas and the pier',
    body: 'Flights timed to the sailing, Schengen, US or UAE visas, a hotel before embarkation and transfers to the port.',
  },
  {
    title: 'Indian meals on board',
    body: 'We tell the line about vegetarian, Jain or other meal needs before you sail, and note them on your booking.',
  },
  {
    title: 'Prices in rupees',
    body: 'Quotes in INR with taxes, port charges and gratuities spelled out, and payments that follow Indian rules.',
  },
]

export interface CruiseFaq {
  question: string
  answer: string
}

export const CRUISE_FAQS: readonly CruiseFaq[] = [
  {
    question: 'Can I change or cancel my cruise after booking?',
    answer:
      'Changes up to 75 days before sail (varies by line). After that, most lines charge a share of the fare that grows as the date gets closer; we tell you the exact terms of your line and fare before you pay.',
  },
  {
    question: 'Do I need a visa for a cruise?',
    answer:
      'You need a visa for the country where you board and for every country where you go ashore, unless that country lets Indian passport holders in without one. A Mediterranean cruise usually needs a multiple-entry Schengen visa; an Alaska cruise from Seattle needs a US visa and, for a stop in Canada, a Canadian one. We check your whole route.',
  },
  {
    question: 'What is included in the cruise fare?',
    answer:
      'Your cabin, main restaurants and buffets, entertainment, pools and most activities. Port charges and taxes are added to the fare. Speciality restaurants, drinks packages, Wi-Fi, shore excursions and gratuities are usually extra.',
  },
  {
    question: 'Is vegetarian or Jain food available on board?',
    answer:
      'Yes. Every line we book serves vegetarian food, and many ships with Indian guests offer Indian dishes every day. Jain meals can be arranged on most ships if we request them before you sail.',
  },
  {
    question: 'How early should I book?',
    answer:
      'Six to nine months ahead for summer sailings in Europe and Alaska, and for school holidays. Balcony and family cabins sell out first; last-minute deals exist but leave little time for visas.',
  },
  {
    question: 'Can I pay in rupees?',
    answer:
      'Yes. We quote and bill in INR. Payments abroad through us carry the tax collected at source (TCS) that Indian rules require, which you can claim back when you file your income tax return.',
  },
]

export const CRUISE_ARTICLES: readonly { slug: string; title: string; summary: string }[] = [
  {
    slug: 'first-cruise-from-india',
    title: 'Your first cruise from India',
    summary: 'Choosing a line, a cabin and a sailing, and what the first day on board is like.',
  },
  {
    slug: 'cruise-packing-list',
    title: 'The cruise packing list',
    summary: 'Formal nights, sea days and shore excursions: what to pack and what to leave at home.',
  },
  {
    slug: 'dubai-visa-for-indians',
    title: 'Dubai visa for Indians',
    summary: 'Sailing the Gulf from Dubai? The visa types, documents and how long each takes.',
  },
]

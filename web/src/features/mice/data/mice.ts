/** MICE event types (spec 9), in the pills' order; Meetings is the default. */
export const MICE_EVENT_TYPES = ['Meetings', 'Incentives', 'Conferences', 'Exhibitions'] as const
export type MiceEventType = (typeof MICE_EVENT_TYPES)[number]
export const DEFAULT_EVENT_TYPE: MiceEventType = 'Meetings'

export interface EventTypeContent {
  /** The page's h1 while this type is picked. */
  heading: string
  lead: string
  image: string
  imageAlt: string
}

export const EVENT_TYPE_CONTENT: Readonly<Record<MiceEventType, EventTypeContent>> = {
  Meetings: {
    heading: 'Corporate meetings and offsites, handled end to end',
    lead: 'Board meetings, leadership offsites and team off-sites: venue, stay, travel and AV arranged by one team, with one invoice.',
    image: '/images/mice/meetings.svg',
    imageAlt: 'A meeting room set up facing a screen',
  },
  Incentives: {
    heading: 'Incentive trips your top performers will talk about',
    lead: 'Reward sales and channel partners with Bali, Dubai, Vietnam or Rajasthan itineraries, gala dinners and experiences built around your theme.',
    image: '/images/mice/incentives.svg',
    imageAlt: 'A beach at sunset with palm trees',
  },
  Conferences: {
    heading: 'Conferences and summits from 50 to 5,000 delegates',
    lead: 'Venue sourcing, delegate registration, flights and rooming lists, stage and AV, speakers’ logistics and on-site help desks.',
    image: '/images/mice/conferences.svg',
    imageAlt: 'A conference stage with rows of seats',
  },
  Exhibitions: {
    heading: 'Exhibitions and trade shows in India and abroad',
    lead: 'Stall bookings, build and fabrication partners, freight, visas and travel for your exhibitors and visitors.',
    image: '/images/mice/exhibitions.svg',
    imageAlt: 'Exhibition stalls in a hall',
  },
}

/** Spec 9's figures. */
export const KPIS: readonly { value: string; label: string }[] = [
  { value: '300+', label: 'events delivered' },
  { value: '65+', label: 'cities in India and abroad' },
  { value: '4.8/5', label: 'average client rating' },
  { value: '24x7', label: 'on-ground support' },
]

export const SERVICES: readonly string[] = [
  'Venue sourcing and negotiation',
  'Group air, rail and ground transport',
  'Hotel blocks and rooming lists',
  'Visas and travel insurance for delegates',
  'Stage, sound, lighting and AV',
  'Delegate registration and badges',
  'Themed dinners, entertainment and team activities',
  'On-site help desk and event managers',
]

export const EVENT_MANAGEMENT: readonly { title: string; text: string }[] = [
  {
    title: 'Planning',
    text: 'An event manager owns your brief from the first call: agenda, run-of-show, budget tracker and a single point of contact.',
  },
  {
    title: 'Delegate logistics',
    text: 'Flights from every city your people travel from, airport transfers, rooming lists and dietary needs, tracked in one sheet.',
  },
  {
    title: 'On the day',
    text: 'Our crew runs registration, stage cues and transfers, so your team can host rather than coordinate.',
  },
  {
    title: 'After the event',
    text: 'Consolidated GST invoices, attendance and spend reports, and photos shared within a week.',
  },
]

export const DIFFERENTIATORS: readonly { title: string; text: string }[] = [
  {
    title: 'One team, one invoice',
    text: 'Flights, hotels, venues and ground handling billed together, with GST input credit.',
  },
  {
    title: 'Negotiated group rates',
    text: 'Contracted rates with hotel chains and airlines for groups of 10 and more.',
  },
  {
    title: 'Transparent costing',
    text: 'Line-item proposals in rupees, so finance sees exactly what each part costs.',
  },
  {
    title: 'Help around the clock',
    text: 'A 24x7 desk during the event for delays, lost baggage and last-minute changes.',
  },
]

export const PROCESS: readonly { title: string; text: string }[] = [
  { title: 'Share your brief', text: 'Tell us the event type, group size, dates and budget.' },
  { title: 'Proposal in 48 hours', text: 'We send venue and destination options with costs.' },
  { title: 'Site visit', text: 'Visit shortlisted venues with our event manager, in person or on video.' },
  { title: 'Confirm and contract', text: 'Lock the venue, rooms and flights with agreed payment milestones.' },
  { title: 'Event delivery', text: 'Our crew runs the event on the ground, with a 24x7 desk.' },
  { title: 'Wrap-up report', text: 'Invoices, attendance, spend and feedback in one report.' },
]

export const TESTIMONIALS: readonly { quote: string; name: string; role: string }[] = [
  {
    quote:
      'Paryatan moved 220 of our channel partners from nine cities to Goa and back without a single missed connection. The gala night is still talked about.',
    name: 'Priya Menon',
    role: 'Head of Channel Sales, a consumer electronics company',
  },
  {
    quote:
      'Our annual leadership summit in Jaipur ran to the minute. One invoice, clear costing, and someone on call at 2 a.m. when a flight was delayed.',
    name: 'Rahul Khanna',
    role: 'HR Director, an IT services firm',
  },
]

/** Placeholder marks for client logos (text only, no real brands). */
export const PARTNER_MARKS: readonly string[] = [
  'Northwind Pharma',
  'Coastal Motors',
  'Brightline Tech',
  'Saffron Foods',
  'Indus Capital',
  'Meridian Hotels',
]

export const OFFER_TYPES = ['Holiday', 'Flight', 'Hotel'] as const
export type OfferType = (typeof OFFER_TYPES)[number]

export interface Offer {
  type: OfferType
  title: string
  subtitle: string
  image: string
  /** The code to enter at checkout, where the offer has one. */
  code?: string
  terms: string
}

/** The six offers of the offers page (spec 2.8, texts of spec 9), in the order shown. */
export const OFFERS: readonly Offer[] = [
  {
    type: 'Holiday',
    title: 'Up to 100% Refund on Visa Rejection',
    subtitle:
      'Book a Dubai, Singapore or Vietnam holiday with its visa through us; if the visa is refused, you get up to 100% back.',
    image: '/images/offers/visa-refund.svg',
    terms: 'On select visas and packages booked together. Terms apply.',
  },
  {
    type: 'Flight',
    title: 'Free Seat with VISA Card*',
    subtitle: 'Pay for a domestic flight with a Visa credit or debit card and get a standard seat of your choice free.',
    image: '/images/offers/free-seat.svg',
    terms: '*One standard seat per passenger per flight, on select airlines.',
  },
  {
    type: 'Flight',
    title: 'Flat ₹175 off on domestic flights',
    subtitle: 'Any one-way or round-trip flight within India, on every airline we sell.',
    image: '/images/offers/domestic-flights.svg',
    code: 'PTFLY175',
    terms: 'Minimum booking ₹3,000. Once per account per day.',
  },
  {
    type: 'Hotel',
    title: 'Flat ₹500 off on hotel stays',
    subtitle: 'Hotels and homestays across India for stays of two nights or more.',
    image: '/images/offers/hotel-stays.svg',
    code: 'PTSTAY500',
    terms: 'Minimum booking ₹4,000. Not valid on pay-at-hotel rates.',
  },
  {
    type: 'Holiday',
    title: 'Kerala monsoon holidays',
    subtitle: 'Five nights across Munnar, Thekkady and an Alleppey houseboat, with an Ayurvedic massage included.',
    image: '/images/offers/kerala-monsoon.svg',
    terms: 'From ₹27,499 per person on twin sharing, June to September departures.',
  },
  {
    type: 'Hotel',
    title: 'Business hotels with GST invoices',
    subtitle: 'Corporate rates near business districts in Gurgaon, Bengaluru, Mumbai and Hyderabad, with breakfast.',
    image: '/images/offers/business-hotels.svg',
    terms: 'For MyBiz accounts. GST invoice in your company’s name on every stay.',
  },
]

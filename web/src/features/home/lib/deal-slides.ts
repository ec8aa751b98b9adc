import { paths } from '@/config/paths'
import { formatINR, spokenINR } from '@/lib/money'
import {
  CRUISE_DEALS,
  FLIGHT_DEALS,
  HOLIDAY_DEALS,
  HOTEL_DEALS,
  VISA_DEALS,
  type FlightDeal,
  type TripDeal,
} from '../data/deals'
import { flightsHref } from './links'

export interface DealLine {
  name: string
  detail: string
  price: string
  /** The price as a screen reader should say it ("from 6,999 rupees"). */
  spokenPrice: string
  /** Set when the line is a link of its own (a flight pair). */
  to?: string
}

export interface DealSlide {
  title: 'Visa' | 'Flights' | 'Holidays' | 'Cruises' | 'Hotels'
  headline: string
  image: string
  lines: DealLine[]
  cta: { label: string; to: string }
}

/** Whole rupees as the site writes prices: ₹54,999. */
export function rupees(amount: number): string {
  return formatINR(BigInt(Math.round(amount)) * 100n)
}

/** The same as a screen reader should say it: 54,999 rupees. */
function spokenRupees(amount: number): string {
  return spokenINR(BigInt(Math.round(amount)) * 100n)
}

const nightsOf = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`

function tripLine(deal: TripDeal): DealLine {
  return {
    name: deal.destination,
    detail: `${nightsOf(deal.nights)} · ${deal.tag}`,
    price: rupees(deal.price),
    spokenPrice: spokenRupees(deal.price),
  }
}

function flightLine(deal: FlightDeal): DealLine {
  return {
    name: `${deal.fromCity} → ${deal.toCity}`,
    detail: `${deal.from} – ${deal.to}, one way`,
    price: `from ${rupees(deal.fromPrice)}`,
    spokenPrice: `from ${spokenRupees(deal.fromPrice)}`,
    to: flightsHref({ from: deal.from, to: deal.to }),
  }
}

const firstFlight = FLIGHT_DEALS[0] ?? { from: 'DEL', to: 'BOM' }

/** The five slides in the order they rotate: Visa, Flights, Holidays, Cruises, Hotels. */
export const DEAL_SLIDES: readonly DealSlide[] = [
  {
    title: 'Visa',
    headline: 'Tourist visas for Indian passports',
    image: '/images/home/deal-visa.svg',
    lines: VISA_DEALS.map((d) => ({
      name: d.country,
      detail: d.validity,
      price: `from ${rupees(d.fromPrice)}`,
      spokenPrice: `from ${spokenRupees(d.fromPrice)}`,
    })),
    cta: { label: 'Apply for a visa', to: paths.visa },
  },
  {
    title: 'Flights',
    headline: 'Lowest one-way fares this week',
    image: '/images/home/deal-flights.svg',
    lines: FLIGHT_DEALS.map(flightLine),
    cta: { label: 'Search flights', to: flightsHref(firstFlight) },
  },
  {
    title: 'Holidays',
    headline: 'Holiday packages, per person on twin sharing',
    image: '/images/home/deal-holidays.svg',
    lines: HOLIDAY_DEALS.map(tripLine),
    cta: { label: 'See all holidays', to: paths.holidays },
  },
  {
    title: 'Cruises',
    headline: 'Cruises, per person in an inside cabin',
    image: '/images/home/deal-cruises.svg',
    lines: CRUISE_DEALS.map(tripLine),
    cta: { label: 'Explore cruises', to: paths.cruises },
  },
  {
    title: 'Hotels',
    headline: 'Hotel stays, per room per night',
    image: '/images/home/deal-hotels.svg',
    lines: HOTEL_DEALS.map((d) => ({
      name: d.city,
      detail: d.area,
      price: `${rupees(d.perNight)} / night`,
      spokenPrice: `${spokenRupees(d.perNight)} per night`,
    })),
    cta: { label: 'See hotels', to: paths.hotels },
  },
]

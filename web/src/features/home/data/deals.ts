// The deals panel's rotation data (spec 2.4). Prices are whole rupees, per
// adult for visas and flights, per night for hotels and per person on twin
// sharing for holidays and cruises.

/** Time each deal slide stays on screen before the next (spec 9). */
export const DEALS_INTERVAL_MS = 3800
/** The slide change itself (spec 9). */
export const DEALS_TRANSITION_MS = 700

export interface VisaDeal {
  country: string
  /** Stay and entries the visa allows. */
  validity: string
  fromPrice: number
}

export interface FlightDeal {
  from: string
  to: string
  fromCity: string
  toCity: string
  fromPrice: number
}

export interface HotelDeal {
  city: string
  area: string
  perNight: number
}

export interface TripDeal {
  destination: string
  nights: number
  tag: string
  price: number
}

export const VISA_DEALS: readonly VisaDeal[] = [
  { country: 'Dubai', validity: '30-day tourist e-visa, single entry', fromPrice: 6999 },
  { country: 'Singapore', validity: '30-day tourist visa, multiple entry', fromPrice: 2799 },
  { country: 'Vietnam', validity: '90-day e-visa, single entry', fromPrice: 2499 },
  { country: 'Schengen', validity: 'Up to 90 days in 180, short stay', fromPrice: 9499 },
]

export const FLIGHT_DEALS: readonly FlightDeal[] = [
  { from: 'DEL', to: 'BOM', fromCity: 'Delhi', toCity: 'Mumbai', fromPrice: 3899 },
  { from: 'BLR', to: 'DEL', fromCity: 'Bengaluru', toCity: 'Delhi', fromPrice: 4699 },
  { from: 'BOM', to: 'GOI', fromCity: 'Mumbai', toCity: 'Goa', fromPrice: 2499 },
  { from: 'BOM', to: 'DXB', fromCity: 'Mumbai', toCity: 'Dubai', fromPrice: 9999 },
]

export const HOLIDAY_DEALS: readonly TripDeal[] = [
  { destination: 'Dubai with Abu Dhabi', nights: 4, tag: 'Bestseller', price: 54999 },
  { destination: 'Bali', nights: 6, tag: 'Honeymoon', price: 69999 },
  { destination: 'Kerala backwaters', nights: 5, tag: 'Monsoon special', price: 27499 },
  { destination: 'Kashmir', nights: 5, tag: 'Trending', price: 32999 },
]

export const CRUISE_DEALS: readonly TripDeal[] = [
  { destination: 'Mumbai – Goa – Lakshadweep', nights: 5, tag: 'Sails from India', price: 42999 },
  { destination: 'Singapore – Penang – Phuket', nights: 4, tag: 'Family favourite', price: 48999 },
  { destination: 'Dubai – Abu Dhabi – Doha', nights: 3, tag: 'Long weekend', price: 38499 },
]

export const HOTEL_DEALS: readonly HotelDeal[] = [
  { city: 'Goa', area: 'Calangute', perNight: 3199 },
  { city: 'Jaipur', area: 'C-Scheme', perNight: 2799 },
  { city: 'Mumbai', area: 'Bandra West', perNight: 6499 },
  { city: 'Bengaluru', area: 'Indiranagar', perNight: 4199 },
]

import { describe, expect, it } from 'vitest'
import {
  canSearchCruises,
  CRUISE_CHAT_HREF,
  cruiseDestinationHref,
  cruiseSearchHref,
  INITIAL_CRUISE_SEARCH,
  missingCruiseFields,
  monthLabel,
  travellersText,
  upcomingMonths,
  type CruiseSearch,
} from './cruise-search'

const READY: CruiseSearch = {
  ...INITIAL_CRUISE_SEARCH,
  destination: 'Mediterranean',
  port: 'Barcelona',
  duration: '5–7 nights',
}

describe('the cruise search', () => {
  it('starts empty with 2 adults', () => {
    expect(INITIAL_CRUISE_SEARCH).toEqual({
      destination: '',
      port: '',
      month: '',
      duration: '',
      adults: 2,
      children: 0,
    })
    expect(travellersText(INITIAL_CRUISE_SEARCH)).toBe('2 adults')
  })

  it('needs Going to, Departure port and Duration; dates and travellers are optional', () => {
    expect(missingCruiseFields(INITIAL_CRUISE_SEARCH)).toEqual(['Going to', 'Departure port', 'Duration'])
    expect(canSearchCruises(INITIAL_CRUISE_SEARCH)).toBe(false)
    expect(canSearchCruises({ ...READY, destination: '' })).toBe(false)
    expect(missingCruiseFields({ ...READY, port: '' })).toEqual(['Departure port'])
    expect(canSearchCruises({ ...READY, duration: '' })).toBe(false)
    expect(canSearchCruises(READY)).toBe(true)
    expect(missingCruiseFields(READY)).toEqual([])
  })

  it('hands off with only the filled values', () => {
    expect(cruiseSearchHref(READY)).toBe(
      '/go/concierge?from=cruises&to=Mediterranean&port=Barcelona&duration=5%E2%80%937+nights&pax=2+adults',
    )
    const full = {
      ...READY,
      destination: 'Norway and Iceland',
      port: 'Southampton',
      month: '2027-06',
      adults: 3,
      children: 1,
    } as const
    const url = new URL(cruiseSearchHref(full), 'https://x')
    expect(url.pathname).toBe('/go/concierge')
    expect([...url.searchParams]).toEqual([
      ['from', 'cruises'],
      ['to', 'Norway and Iceland'],
      ['port', 'Southampton'],
      ['dates', '2027-06'],
      ['duration', '5–7 nights'],
      ['pax', '3 adults, 1 child'],
    ])
    expect(cruiseSearchHref({ ...INITIAL_CRUISE_SEARCH, adults: 1 })).toBe('/go/concierge?from=cruises&pax=1+adult')
  })

  it('words the travellers', () => {
    expect(travellersText({ adults: 1, children: 0 })).toBe('1 adult')
    expect(travellersText({ adults: 2, children: 2 })).toBe('2 adults, 2 children')
  })

  it('offers the next 12 months, this one first, across the year end', () => {
    const months = upcomingMonths('2026-11-23')
    expect(months).toHaveLength(12)
    expect(months.slice(0, 3)).toEqual(['2026-11', '2026-12', '2027-01'])
    expect(months[11]).toBe('2027-10')
    expect(monthLabel('2027-01')).toBe('January 2027')
  })

  it('hands a destination card and Start a chat to the concierge', () => {
    expect(cruiseDestinationHref('Norway and Iceland')).toBe('/go/concierge?from=cruises&to=Norway+and+Iceland')
    expect(CRUISE_CHAT_HREF).toBe('/go/concierge?from=cruises')
  })
})

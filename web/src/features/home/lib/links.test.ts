import { describe, expect, it } from 'vitest'
import { CHIP_GROUPS } from '../data/chips'
import { EXPLORE_ROWS } from '../data/explore'
import { SUBSCRIBE_HREF } from '../components/side-cards'
import { flightsHref, homeConciergeHref, mailtoHref } from './links'

describe('home hand-off links', () => {
  it('hands a holiday or stopover card to the concierge with its title', () => {
    expect(homeConciergeHref('holidays', 'Holidays')).toBe('/go/concierge?from=home&topic=holidays&card=Holidays')
    expect(homeConciergeHref('stopover', 'Dubai & Doha stopover')).toBe(
      '/go/concierge?from=home&topic=stopover&card=Dubai+%26+Doha+stopover',
    )
    const card = new URLSearchParams(homeConciergeHref('stopover', 'Dubai & Doha stopover').split('?')[1]).get('card')
    expect(card).toBe('Dubai & Doha stopover')
  })

  it('asks the flight results for a route, and an airline only when given', () => {
    expect(flightsHref({ from: 'DEL', to: 'BOM' })).toBe('/flights?from=DEL&to=BOM')
    expect(flightsHref({ from: 'BOM', to: 'DXB', airline: 'EK' })).toBe('/flights?from=BOM&to=DXB&airline=EK')
  })

  it('writes a mailto subject that mail clients read with spaces', () => {
    expect(mailtoHref('care@paryatan.in', 'Offers & deals')).toBe(
      'mailto:care@paryatan.in?subject=Offers%20%26%20deals',
    )
    expect(SUBSCRIBE_HREF).toBe('mailto:care@paryatan.in?subject=Subscribe%20me%20to%20Paryatan%20offers')
  })
})

describe('the Explore cards', () => {
  it('are nine, in three rows of three, each with its own target', () => {
    expect(EXPLORE_ROWS.map((row) => row.length)).toEqual([3, 3, 3])
    expect(EXPLORE_ROWS.flat().map((card) => [card.title, card.to])).toEqual([
      ['Visa', '/go/visa'],
      ['Dubai visa', '/visas/dubai'],
      ['Singapore visa', '/visas/singapore'],
      ['Holidays', '/go/concierge?from=home&topic=holidays&card=Holidays'],
      ['Qatar holidays', '/holidays/qatar'],
      ['Hong Kong holidays', '/holidays/hong-kong'],
      ['Stopover', '/go/concierge?from=home&topic=stopover&card=Stopover'],
      ['Dubai stopover', '/holidays/dubai-stopover'],
      ['Group departures', '/holidays/group-departures'],
    ])
    for (const card of EXPLORE_ROWS.flat()) expect(card.image).toMatch(/^\/images\/home\/explore-[a-z-]+\.svg$/)
  })
})

describe('the quick links', () => {
  const group = (title: string) => CHIP_GROUPS.find((g) => g.title === title)?.links.map((l) => l.to) ?? []

  it('lead to the eight visa countries and the holiday pages', () => {
    expect(group('Tourist Visas')).toEqual(
      ['dubai', 'singapore', 'thailand', 'malaysia', 'vietnam', 'schengen', 'uk', 'usa'].map((c) => `/visas/${c}`),
    )
    expect(group('Holiday ideas')).toEqual([
      '/holidays/qatar',
      '/holidays/hong-kong',
      '/holidays/saudi',
      '/holidays/dubai-stopover',
      '/holidays/qatar-stopover',
      '/holidays/group-departures',
      '/holidays',
    ])
  })

  it('search flights with the query the results page reads', () => {
    const flights = [...group('Airlines'), ...group('Domestic flights'), ...group('International flights')]
    expect(flights.length).toBeGreaterThanOrEqual(15)
    for (const href of flights) {
      const url = new URL(href, 'https://paryatan.in')
      expect(url.pathname).toBe('/flights')
      expect(url.searchParams.get('from')).toMatch(/^[A-Z]{3}$/)
      expect(url.searchParams.get('to')).toMatch(/^[A-Z]{3}$/)
      expect(url.searchParams.get('from')).not.toBe(url.searchParams.get('to'))
    }
    expect(group('Airlines')[0]).toBe('/flights?from=DEL&to=BOM&airline=6E')
    expect(group('Domestic flights')).toContain('/flights?from=BLR&to=DEL')
    expect(group('International flights')).toContain('/flights?from=BOM&to=DXB')
  })

  it('lead to the blog posts and customer care pages', () => {
    expect(group('Blogs')).toEqual(
      [
        'visa-on-arrival-countries-for-indians',
        'dubai-visa-for-indians',
        'schengen-visa-checklist',
        'monsoon-in-kerala',
        'monsoon-treks-western-ghats',
        'first-cruise-from-india',
        'cruise-packing-list',
        'planning-a-company-offsite-in-goa',
      ].map((slug) => `/blogs/${slug}`),
    )
    expect(CHIP_GROUPS.find((g) => g.title === 'Customer care')?.links).toEqual([
      { label: 'Web check-in', to: '/checkin' },
      { label: 'Contact us', to: '/contact' },
      { label: 'Careers', to: '/careers' },
    ])
  })
})

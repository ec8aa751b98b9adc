import { describe, expect, it } from 'vitest'
import { OFFERS } from '../data/offers'
import { DEFAULT_OFFER_FILTER, filterOffers, offerConciergeHref } from './offers'

describe('the offers filter', () => {
  it('shows all six offers by default', () => {
    expect(DEFAULT_OFFER_FILTER).toBe('All')
    expect(filterOffers(OFFERS, DEFAULT_OFFER_FILTER)).toHaveLength(6)
  })

  it('keeps only the chosen type, in order', () => {
    for (const type of ['Holiday', 'Flight', 'Hotel'] as const) {
      const shown = filterOffers(OFFERS, type)
      expect(shown.length).toBeGreaterThan(0)
      expect(shown.every((offer) => offer.type === type)).toBe(true)
      expect(shown).toEqual(OFFERS.filter((offer) => offer.type === type))
    }
    expect(filterOffers(OFFERS, 'Flight').map((o) => o.title)).toEqual([
      'Free Seat with VISA Card*',
      'Flat ₹175 off on domestic flights',
    ])
  })
})

describe('the offers hand-off', () => {
  it('tells the concierge the page and the chosen offer', () => {
    expect(offerConciergeHref()).toBe('/go/concierge?from=offers')
    expect(offerConciergeHref('Flat ₹500 off on hotel stays')).toBe(
      `/go/concierge?from=offers&card=Flat+${encodeURIComponent('₹')}500+off+on+hotel+stays`,
    )
  })
})

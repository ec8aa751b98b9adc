import { paths } from '@/config/paths'
import type { Offer, OfferType } from '../data/offers'

/** The offers filter (spec 2.8): All (the default) or one type. */
export type OfferFilter = 'All' | OfferType

export const DEFAULT_OFFER_FILTER: OfferFilter = 'All'

/** The offers a filter shows, in their own order. */
export function filterOffers(offers: readonly Offer[], filter: OfferFilter): Offer[] {
  return filter === 'All' ? [...offers] : offers.filter((offer) => offer.type === filter)
}

/** /go/concierge?from=offers, with card={title} when one offer is chosen. */
export function offerConciergeHref(card?: string): string {
  const params = new URLSearchParams({ from: 'offers' })
  if (card) params.set('card', card)
  return paths.concierge(params)
}

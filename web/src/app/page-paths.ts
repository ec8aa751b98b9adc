/**
 * One address for every page of the route table (router.tsx), for the browser
 * tests that check each page (e2e/site.spec.ts: title, description, one h1,
 * a phone's width, axe). router.test.tsx fails when a route has no address
 * here, so a new page cannot be left out of those checks. Redirects and the
 * catch-all are not pages.
 */
export const PAGE_PATHS = {
  /** Pages a visitor sees. */
  visitor: [
    '/',
    '/flights?from=DEL&to=BOM&date=2027-01-15&adults=1',
    '/flights/form',
    '/holidays',
    '/holidays/qatar',
    '/mice',
    '/support',
    '/hotels',
    '/cruises',
    '/contact',
    '/offers',
    '/go/concierge',
    '/careers',
    '/blogs',
    '/blogs/monsoon-in-kerala',
    '/blog/schengen-visa-checklist',
    '/visas/dubai',
    '/about',
    '/privacy',
    '/terms',
    '/cancellation',
    '/cookies',
    '/accessibility',
    '/info',
    '/faq',
    '/checkin',
    '/sso/consume?ticket=t&ret=%2Fgo-for-visa',
    '/account/logout',
    '/auth/login',
    '/auth/register',
  ],
  /** Pages that need a session: a visitor gets the sign-in dialog over them. */
  signedIn: [
    '/go/visa',
    '/go-for-visa',
    '/flights/fare',
    '/flights/review',
    '/flights/booking/0b6c1a52-8d7e-4a38-9d55-3f1f5c0f2a11',
    '/account',
    '/account/profile',
    '/account/co-travellers',
    '/account/company',
    '/account/devices',
    '/account/reset-password',
    '/account/trips',
    '/account/trips/0b6c1a52-8d7e-4a38-9d55-3f1f5c0f2a11',
    '/account/wallet',
    '/account/payments',
    '/account/wishlist',
    '/account/enquiries',
  ],
} as const

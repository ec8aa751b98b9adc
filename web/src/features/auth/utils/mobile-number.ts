/** The country codes the sign-in dialog offers (spec 5); the number's rule is checkMobile in @/lib/validation. */
export const COUNTRY_CODES = ['+91', '+971', '+1'] as const

/** The destination names the holidays hero types, one after another. */
export const HERO_DESTINATIONS: readonly string[] = [
  'Bali',
  'Dubai',
  'the Maldives',
  'Goa',
  'Kashmir',
  'Kerala',
  'Japan',
  'Ladakh',
]

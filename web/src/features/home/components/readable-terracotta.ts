/**
 * White text on the terracotta solid (terracotta.500) reaches only about 4:1;
 * one step darker gives 5.5:1, enough for the small text of these buttons.
 */
export const READABLE_TERRACOTTA = { bg: 'terracotta.600', _hover: { bg: 'terracotta.700' } } as const

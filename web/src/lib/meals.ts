/**
 * Special meals travellers ask airlines for, by their IATA codes. A
 * full-service fare takes the code with the booking; low-cost carriers sell
 * meals instead. Co-travellers keep the label as their meal preference.
 */
export const MEALS = [
  { code: 'VGML', label: 'Vegetarian (vegan)' },
  { code: 'AVML', label: 'Asian vegetarian' },
  { code: 'VJML', label: 'Jain vegetarian' },
  { code: 'VLML', label: 'Vegetarian (lacto-ovo)' },
  { code: 'HNML', label: 'Hindu (no beef)' },
  { code: 'MOML', label: 'Muslim (halal)' },
  { code: 'KSML', label: 'Kosher' },
  { code: 'DBML', label: 'Diabetic' },
  { code: 'GFML', label: 'Gluten-free' },
  { code: 'LFML', label: 'Low fat' },
  { code: 'LCML', label: 'Low calorie' },
  { code: 'NLML', label: 'No lactose' },
  { code: 'CHML', label: 'Child meal' },
  { code: 'BBML', label: 'Baby meal' },
] as const

export type MealCode = (typeof MEALS)[number]['code']

/** The meal code a preference as people keep it names (its label or code, any case), or ''. */
export function mealCodeOf(preference: string | undefined): MealCode | '' {
  const p = (preference ?? '').trim().toLowerCase()
  if (!p) return ''
  const found = MEALS.find((m) => m.code.toLowerCase() === p || m.label.toLowerCase() === p)
  if (found) return found.code
  if (p.includes('jain')) return 'VJML'
  if (p.includes('halal') || p.includes('muslim')) return 'MOML'
  if (p.includes('vegan')) return 'VGML'
  if (p.includes('veg') && !p.includes('non')) return 'AVML'
  return ''
}

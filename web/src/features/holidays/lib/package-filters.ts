import type { HolidayPackage, PackageScope } from '../data/packages'

export const HOLIDAY_FILTERS = ['Top Destination', 'Trending', 'International', 'Domestic', 'Budget'] as const
export type HolidayFilter = (typeof HOLIDAY_FILTERS)[number]
export const DEFAULT_HOLIDAY_FILTER: HolidayFilter = 'Top Destination'

// Spec 9's limits.
export const TRENDING_PER_SCOPE = 3
export const SCOPE_LIMIT = 10
export const BUDGET_LIMIT = 12
/**
 * Top Destination is the page's first view, so it shows a short, balanced mix:
 * the 4 most asked-for international and the 4 most asked-for domestic
 * packages (the data's order), alternating, international first.
 */
export const TOP_PER_SCOPE = 4

/** A price band; both bounds are inclusive, and a band without `max` is open above. */
export interface BudgetBand {
  id: string
  label: string
  min: number
  max?: number
}

export const BUDGET_SCOPES: readonly PackageScope[] = ['Domestic', 'International']

type Bands = readonly [BudgetBand, ...BudgetBand[]]

export const BUDGET_BANDS: Record<PackageScope, Bands> = {
  Domestic: [
    { id: 'under-15k', label: 'Under ₹15,000', min: 0, max: 15_000 },
    { id: '15k-30k', label: '₹15,000 to ₹30,000', min: 15_000, max: 30_000 },
    { id: '30k-50k', label: '₹30,000 to ₹50,000', min: 30_000, max: 50_000 },
    { id: '50k-plus', label: '₹50,000 and above', min: 50_000 },
  ],
  International: [
    { id: 'under-40k', label: 'Under ₹40,000', min: 0, max: 40_000 },
    { id: '40k-80k', label: '₹40,000 to ₹80,000', min: 40_000, max: 80_000 },
    { id: '80k-1.5l', label: '₹80,000 to ₹1,50,000', min: 80_000, max: 1_50_000 },
    { id: '1.5l-plus', label: '₹1,50,000 and above', min: 1_50_000 },
  ],
}

export interface BudgetChoice {
  scope: PackageScope
  band: string
}

/** A new scope starts again at that scope's first band (spec 4). */
export function budgetForScope(scope: PackageScope): BudgetChoice {
  return { scope, band: BUDGET_BANDS[scope][0].id }
}

export const DEFAULT_BUDGET: BudgetChoice = budgetForScope('Domestic')

/** The chosen band, or the scope's first when the choice names none of its bands. */
export function budgetBand(choice: BudgetChoice): BudgetBand {
  const bands = BUDGET_BANDS[choice.scope]
  return bands.find((b) => b.id === choice.band) ?? bands[0]
}

export function inBand(price: number, band: BudgetBand): boolean {
  return price >= band.min && (band.max === undefined || price <= band.max)
}

function ofScope(packages: readonly HolidayPackage[], scope: PackageScope) {
  return packages.filter((p) => p.scope === scope)
}

function alternate<T>(first: readonly T[], second: readonly T[]): T[] {
  const out: T[] = []
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    out.push(...first.slice(i, i + 1), ...second.slice(i, i + 1))
  }
  return out
}

/** The packages a filter shows, in the order shown. */
export function filterPackages(
  packages: readonly HolidayPackage[],
  filter: HolidayFilter,
  budget: BudgetChoice = DEFAULT_BUDGET,
): HolidayPackage[] {
  const international = ofScope(packages, 'International')
  const domestic = ofScope(packages, 'Domestic')
  switch (filter) {
    case 'Top Destination':
      return alternate(international.slice(0, TOP_PER_SCOPE), domestic.slice(0, TOP_PER_SCOPE))
    case 'Trending':
      return [
        ...international.filter((p) => p.trending).slice(0, TRENDING_PER_SCOPE),
        ...domestic.filter((p) => p.trending).slice(0, TRENDING_PER_SCOPE),
      ]
    case 'International':
      return international.slice(0, SCOPE_LIMIT)
    case 'Domestic':
      return domestic.slice(0, SCOPE_LIMIT)
    case 'Budget': {
      const band = budgetBand(budget)
      return ofScope(packages, budget.scope)
        .filter((p) => inBand(p.price, band))
        .sort((a, b) => a.price - b.price)
        .slice(0, BUDGET_LIMIT)
    }
  }
}

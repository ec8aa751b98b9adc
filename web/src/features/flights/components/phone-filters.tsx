import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react'
import { useEver } from '@/hooks/use-ever'
import { useFilterDraft } from '../hooks/use-filter-sheet'
import { FilterBar, FiltersButton, SortSelect } from './filter-controls'

const loadFilterSheet = () => import('./results/filter-sheet')
const FilterSheet = lazy(() => loadFilterSheet().then((m) => ({ default: m.FilterSheet })))
const preloadFilterSheet = () => void loadFilterSheet()

interface PhoneFiltersProps<F extends { sort: string }, S extends string> {
  applied: F
  onFilter: (filters: F) => void
  sorts: readonly S[]
  sortLabels: Record<S, string>
  /** How many filters are on, for the button (the sort is not one). */
  countActive: (filters: F) => number
  /** How many flights the filters leave. */
  countMatches: (filters: F) => number
  /** The filters emptied ("Clear all"). */
  cleared: (filters: F) => F
  /** The filter panel in the sheet, editing the draft. */
  panel: (draft: F, change: (draft: F) => void) => ReactNode
}

/**
 * The filters on a phone, for the results and the search view: the sort and a
 * Filters button in a bar above the list, the button opening a sheet where the
 * filters change together on a draft and apply with "Show N flights".
 */
export function PhoneFilters<F extends { sort: string }, S extends string>({
  applied,
  onFilter,
  sorts,
  sortLabels,
  countActive,
  countMatches,
  cleared,
  panel,
}: PhoneFiltersProps<F, S>) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // The sheet's code loads on the first press of the button (or when it is pointed at) and then stays.
  const wanted = useEver(open)
  const [draft, setDraft] = useFilterDraft(applied, open)
  const matches = useMemo(() => (open ? countMatches(draft) : 0), [open, countMatches, draft])
  const apply = () => {
    onFilter({ ...draft, sort: applied.sort })
    setOpen(false)
  }
  return (
    <>
      <FilterBar>
        <SortSelect
          value={applied.sort}
          sorts={sorts}
          labels={sortLabels}
          onChange={(sort) => onFilter({ ...applied, sort })}
        />
        <FiltersButton
          ref={button}
          count={countActive(applied)}
          onOpen={() => setOpen(true)}
          onPreload={preloadFilterSheet}
        />
      </FilterBar>
      {wanted ? (
        <Suspense fallback={null}>
          <FilterSheet
            open={open}
            onOpenChange={setOpen}
            opener={() => button.current}
            matches={matches}
            onApply={apply}
            onClear={() => setDraft(cleared(draft))}
          >
            {panel(draft, setDraft)}
          </FilterSheet>
        </Suspense>
      ) : null}
    </>
  )
}

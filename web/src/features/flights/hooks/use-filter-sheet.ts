import { useState, useSyncExternalStore } from 'react'
import { usePrerendering } from '@/lib/prerendering'

// Below Chakra's `lg` breakpoint (1024 px), where the results' side panel would
// stack above the list: there the list comes first and the filters open in a
// sheet. Asked as "narrower than lg" so that a browser without media queries
// (jsdom in the unit tests) gets the wide layout.
const NARROW = '(max-width: 63.9975rem)'

function subscribe(onChange: () => void) {
  const list = window.matchMedia(NARROW)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

const narrow = () => window.matchMedia(NARROW).matches

/**
 * Whether a flight list's filters live in a sheet opened from a bar above the
 * list (phones and tablets held upright) rather than in a panel beside it.
 * Follows the screen as it turns.
 */
export function useFiltersInSheet(): boolean {
  // Rendered ahead of time (src/prerender.tsx), a results page is laid out for a phone.
  const prerendering = usePrerendering()
  return useSyncExternalStore(subscribe, narrow, () => prerendering)
}

/**
 * The filters a sheet edits before they apply: each opening starts from
 * `applied`, so closing the sheet without applying drops what was changed in
 * it. The caller applies the draft (and closes the sheet) itself.
 */
export function useFilterDraft<T>(applied: T, open: boolean): [T, (next: T) => void] {
  const [draft, setDraft] = useState(applied)
  const [wasOpen, setWasOpen] = useState(open)
  // Adjusted while rendering (not in an effect), so the sheet's first frame already shows `applied`.
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setDraft(applied)
  }
  return [draft, setDraft]
}

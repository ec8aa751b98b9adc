import { useEffect } from 'react'
import { PAGE_TITLE_SUFFIX } from '@/config/constants'

export function formatPageTitle(page: string): string {
  return page ? `${page} · ${PAGE_TITLE_SUFFIX}` : PAGE_TITLE_SUFFIX
}

/** Sets `document.title` to "{page} · Paryatan" while the calling page is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = formatPageTitle(page)
  }, [page])
}

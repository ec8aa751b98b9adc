import { useEffect } from 'react'
import { PAGE_TITLE_SUFFIX, SITE_DESCRIPTION } from '@/config/constants'

export function formatPageTitle(page: string): string {
  return page ? `${page} · ${PAGE_TITLE_SUFFIX}` : PAGE_TITLE_SUFFIX
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.append(tag)
  }
  return tag
}

/**
 * Sets `document.title` to "{page} · Paryatan" and the meta description to
 * the page's own (the site's when it has none) while the calling page is shown.
 */
export function usePageTitle(page: string, description?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(page)
    descriptionTag().content = description ?? SITE_DESCRIPTION
  }, [page, description])
}

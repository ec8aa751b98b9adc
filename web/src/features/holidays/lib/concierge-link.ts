import { paths } from '@/config/paths'

/**
 * The concierge hand-off of a holiday card (a package or a destination page):
 * /go/concierge?from=holidays&topic=holidays&card={title}.
 */
export function holidayConciergeHref(card: string): string {
  const query = new URLSearchParams({ from: 'holidays', topic: 'holidays', card })
  return paths.concierge(query)
}

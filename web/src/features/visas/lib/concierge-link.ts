import { paths } from '@/config/paths'

/**
 * The concierge hand-off of a visa guide: /go/concierge?from=visas&card={title}.
 */
export function visaConciergeHref(card: string): string {
  const query = new URLSearchParams({ from: 'visas', card })
  return paths.concierge(query)
}

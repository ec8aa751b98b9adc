const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "2026-07-14" → "14 July 2026" (the date is a calendar day: no time zone may shift it). */
export function formatPostDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`))
}

/** The posts that share the most tags with post, newest first among equals; at most limit. */
export function relatedPosts<T extends { slug: string; tags: readonly string[] }>(
  post: T,
  all: readonly T[],
  limit = 3,
): T[] {
  const score = (other: T) => other.tags.filter((t) => post.tags.includes(t)).length
  return all
    .filter((other) => other.slug !== post.slug && score(other) > 0)
    .map((other, index) => ({ other, index, score: score(other) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ other }) => other)
}

/** The tags a post may carry, and how the blog names them. The build refuses any other tag. */
export const BLOG_TAGS = {
  visas: 'Visas',
  monsoon: 'Monsoon',
  kerala: 'Kerala',
  treks: 'Treks',
  cruises: 'Cruises',
  packing: 'Packing',
  mice: 'MICE',
  goa: 'Goa',
  planning: 'Planning',
} as const satisfies Record<string, string>

export type BlogTag = keyof typeof BLOG_TAGS

export function isBlogTag(tag: string | null | undefined): tag is BlogTag {
  return typeof tag === 'string' && Object.hasOwn(BLOG_TAGS, tag)
}

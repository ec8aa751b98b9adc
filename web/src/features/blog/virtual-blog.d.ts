// Made at build time by plugins/blog-content.ts from content/blog/*.md.
declare module 'virtual:blog-index' {
  import type { BlogPost, BlogPostMeta } from '@/features/blog/types'

  /** Every post, newest first, without its body. */
  export const posts: readonly BlogPostMeta[]
  /** Loads one post's own chunk. */
  export const loadPost: Readonly<Record<string, () => Promise<{ default: BlogPost }>>>
}

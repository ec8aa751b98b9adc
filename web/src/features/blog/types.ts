// The shapes of the blog's build-time modules (made by plugins/blog-content.ts from content/blog).

/** A post as the blog's pages list it. */
export interface BlogPostMeta {
  slug: string
  title: string
  /** YYYY-MM-DD */
  date: string
  author: string
  /** Keys of BLOG_TAGS. */
  tags: string[]
  /** A path under the site's public folder. */
  cover: string
  coverAlt: string
  /** The card text and the post page's meta description. */
  summary: string
  /** At 200 words a minute, at least 1. */
  readingMinutes: number
}

/** One post, rendered to sanitised HTML. */
export interface BlogPost extends BlogPostMeta {
  html: string
}

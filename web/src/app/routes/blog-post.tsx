import { lazy, type ReactElement } from 'react'
import { useParams } from 'react-router'
import { loadPost } from 'virtual:blog-index'
import { BlogPostPage } from '@/features/blog/components/blog-post-page'
import { NotFoundRoute } from './not-found'

// Each post's body is a chunk of its own, fetched on the post's first visit: a lazy page per post.
const pages = new Map<string, ReactElement>(
  Object.entries(loadPost).map(([slug, load]) => {
    const Post = lazy(() => load().then((m) => ({ default: () => <BlogPostPage post={m.default} /> })))
    return [slug, <Post key={slug} />]
  }),
)

/** A post, once its chunk is in (the page suspends until then); an unknown slug has none. */
export function Component() {
  const { slug = '' } = useParams()
  return pages.get(slug) ?? <NotFoundRoute />
}

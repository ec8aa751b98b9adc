import { loadPost } from 'virtual:blog-index'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { BlogPostPage } from '@/features/blog/components/blog-post-page'
import type { BlogPost } from '@/features/blog/types'
import { NotFoundRoute } from './not-found'

/** Fetches the post's own chunk before the page shows; an unknown slug has none. */
export async function loader({ params }: LoaderFunctionArgs): Promise<BlogPost | null> {
  const load = params.slug && Object.hasOwn(loadPost, params.slug) ? loadPost[params.slug] : undefined
  return load ? (await load()).default : null
}

export function Component() {
  const post = useLoaderData<typeof loader>()
  return post ? <BlogPostPage key={post.slug} post={post} /> : <NotFoundRoute />
}

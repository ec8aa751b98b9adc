import { BlogIndexPage } from '@/features/blog/components/blog-index-page'

export function Component() {
  return <BlogIndexPage />
}

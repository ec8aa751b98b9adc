import { useParams } from 'react-router'
import { HeadingOnlyPage } from '@/components/ui/page-heading'

/** "kerala-backwaters-in-monsoon" → "Kerala Backwaters In Monsoon" until posts have real titles. */
export function titleFromSlug(slug: string): string {
  const words = slug.split(/[-_\s]+/).filter(Boolean)
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || 'Blog'
}

export function Component() {
  const { slug = '' } = useParams()
  return <HeadingOnlyPage title={titleFromSlug(slug)} />
}

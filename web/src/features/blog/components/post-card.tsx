import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { HStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { CardImage } from '@/components/ui/card-image'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { BLOG_TAGS, isBlogTag } from '../data/tags'
import { formatPostDate } from '../lib/format'
import type { BlogPostMeta } from '../types'

/** A post in a list: picture, title (the link), date, reading time, summary and tags. */
export function PostCard({ post, headingLevel = 'h2' }: { post: BlogPostMeta; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card.Root
      as="article"
      variant="elevated"
      bg="bg.card"
      overflow="hidden"
      data-testid="post-card"
      position="relative"
    >
      <CardImage src={post.cover} alt="" height="40" />
      <Card.Body gap="2">
        <Text as={headingLevel} fontSize="lg" fontWeight="bold" lineHeight="short">
          {/* The whole card is clickable through the title link's stretched area. */}
          <RouterLink
            to={paths.blogPost(post.slug)}
            color="brand.fg"
            _after={{ content: '""', position: 'absolute', inset: '0' }}
          >
            {post.title}
          </RouterLink>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readingMinutes} min read
        </Text>
        <Text>{post.summary}</Text>
        <HStack as="ul" aria-label="Tags" listStyleType="none" gap="2" wrap="wrap" mt="auto">
          {post.tags.filter(isBlogTag).map((tag) => (
            <Text as="li" key={tag} fontSize="xs" px="2" py="0.5" rounded="full" bg="brand.subtle" color="brand.fg">
              {BLOG_TAGS[tag]}
            </Text>
          ))}
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}

/** Cards in a responsive grid. */
export function PostGrid({ children }: { children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }} gap="6">
      {children}
    </Grid>
  )
}

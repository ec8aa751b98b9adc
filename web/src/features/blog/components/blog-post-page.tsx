import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Grid } from '@chakra-ui/react/grid'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { posts } from 'virtual:blog-index'
import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { CardImage } from '@/components/ui/card-image'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { BLOG_TAGS, isBlogTag } from '../data/tags'
import { formatPostDate, relatedPosts } from '../lib/format'
import type { BlogPost } from '../types'
import { PostCard, PostGrid } from './post-card'

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: '0',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: '0',
} as const

/** The typography of a post's rendered Markdown. */
const proseStyles = {
  '& h2': { fontSize: 'xl', fontWeight: 'bold', color: 'brand.fg', mt: '8', mb: '3', lineHeight: 'short' },
  '& h3': { fontSize: 'lg', fontWeight: 'semibold', color: 'brand.fg', mt: '6', mb: '2' },
  '& h4': { fontWeight: 'semibold', mt: '4', mb: '2' },
  '& p': { mb: '4', lineHeight: 'tall' },
  '& ul, & ol': { ps: '6', mb: '4' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1.5', lineHeight: 'tall' },
  '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' },
  '& a:hover': { color: 'accent.fg' },
  '& strong': { fontWeight: 'semibold' },
  '& .visually-hidden': visuallyHidden,
} as const

/** The concierge hand-off that tells the team which post the traveller read. */
export function postConciergeHref(slug: string): string {
  return paths.concierge({ from: slug })
}

/** /blogs/{slug}: one post. */
export function BlogPostPage({ post }: { post: BlogPost }) {
  const navigate = useNavigate()
  const related = relatedPosts(post, posts)

  // Links to the site's own pages inside the post stay in the app instead of reloading it.
  const onBodyClick = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    const anchor = (event.target as HTMLElement).closest('a')
    const href = anchor?.getAttribute('href')
    if (!anchor || !href || anchor.target || !href.startsWith('/') || href.startsWith('//')) return
    event.preventDefault()
    void navigate(href)
  }

  return (
    <PageContainer>
      <Stack gap="6">
        <RouterLink to={paths.blogs()} color="brand.fg" fontSize="sm" alignSelf="flex-start">
          ← All posts
        </RouterLink>
        <Stack gap="3">
          <PageHeading title={post.title} description={post.summary} />
          <Text color="fg.muted">
            By {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readingMinutes} min
            read
          </Text>
          <HStack as="ul" aria-label="Topics" listStyleType="none" gap="2" wrap="wrap">
            {post.tags.filter(isBlogTag).map((tag) => (
              <li key={tag}>
                <RouterLink
                  to={paths.blogs(tag)}
                  fontSize="sm"
                  px="3"
                  py="1"
                  rounded="full"
                  bg="brand.subtle"
                  color="brand.fg"
                >
                  {BLOG_TAGS[tag]}
                </RouterLink>
              </li>
            ))}
          </HStack>
        </Stack>
        <CardImage src={post.cover} alt={post.coverAlt} height={{ base: '48', md: '72' }} rounded="2xl" />

        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap="10"
          alignItems="start"
        >
          <Box
            as="article"
            aria-label={post.title}
            maxW="70ch"
            fontSize="md"
            css={proseStyles}
            onClick={onBodyClick}
            // Rendered from the post's Markdown and sanitised with DOMPurify when the site is built.
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
          <Card.Root
            as="aside"
            aria-label="Plan this trip"
            variant="elevated"
            bg="bg.card"
            position={{ lg: 'sticky' }}
            top={{ lg: '24' }}
          >
            <Card.Body gap="3">
              <Text as="h2" fontSize="lg" fontWeight="bold" color="brand.fg">
                Want us to plan it?
              </Text>
              <Text>
                Tell a Paryatan concierge your dates and budget. We reply within a working day with options, and the
                visa, flights and stays sorted together.
              </Text>
              <Button asChild colorPalette="terracotta" size="lg">
                <Link to={postConciergeHref(post.slug)}>Talk to a concierge</Link>
              </Button>
            </Card.Body>
          </Card.Root>
        </Grid>

        {related.length > 0 ? (
          <Stack as="section" aria-labelledby="keep-reading" gap="4" mt="6">
            <Text as="h2" id="keep-reading" fontSize="xl" fontWeight="bold" color="brand.fg">
              Keep reading
            </Text>
            <PostGrid>
              {related.map((p) => (
                <PostCard key={p.slug} post={p} headingLevel="h3" />
              ))}
            </PostGrid>
          </Stack>
        ) : null}
      </Stack>
    </PageContainer>
  )
}

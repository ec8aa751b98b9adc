import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { posts } from 'virtual:blog-index'
import { useSearchParams } from 'react-router'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { BLOG_TAGS, isBlogTag, type BlogTag } from '../data/tags'
import { PostCard, PostGrid } from './post-card'

const DESCRIPTION =
  'Visa guides, monsoon getaways, first cruises and company offsites: practical travel advice for Indian travellers from the Paryatan team.'

function TagLink({ tag, current }: { tag: BlogTag | null; current: boolean }) {
  return (
    <RouterLink
      to={paths.blogs(tag ?? undefined)}
      aria-current={current ? 'page' : undefined}
      px="3"
      py="1"
      rounded="full"
      borderWidth="1px"
      borderColor="brand.border"
      fontSize="sm"
      color={current ? 'brand.contrast' : 'brand.fg'}
      bg={current ? 'brand.solid' : 'bg.card'}
      textDecoration="none"
    >
      {tag ? BLOG_TAGS[tag] : 'All posts'}
    </RouterLink>
  )
}

/** /blogs: every post, newest first, narrowed by ?tag=. */
export function BlogIndexPage() {
  const [params] = useSearchParams()
  const asked = params.get('tag')
  const tag = isBlogTag(asked) ? asked : null
  const shown = tag ? posts.filter((p) => p.tags.includes(tag)) : posts
  const used = (Object.keys(BLOG_TAGS) as BlogTag[]).filter((t) => posts.some((p) => p.tags.includes(t)))

  return (
    <PageContainer>
      <Stack gap="8">
        <PageHeading
          title="Blogs"
          documentTitle={tag ? `${BLOG_TAGS[tag]} · Blogs` : 'Blogs'}
          description={DESCRIPTION}
          lead="Visa know-how, monsoon escapes, cruise firsts and offsites that work: written by the people who plan these trips every day."
        />
        <nav aria-label="Topics">
          <HStack as="ul" listStyleType="none" gap="2" wrap="wrap">
            <li>
              <TagLink tag={null} current={tag === null} />
            </li>
            {used.map((t) => (
              <li key={t}>
                <TagLink tag={t} current={tag === t} />
              </li>
            ))}
          </HStack>
        </nav>
        {asked !== null && tag === null ? (
          <Text role="status">There is no topic called “{asked}”, so here is every post.</Text>
        ) : (
          <Text role="status" color="fg.muted">
            {shown.length === 1 ? '1 post' : `${shown.length} posts`}
            {tag ? ` about ${BLOG_TAGS[tag]}` : ''}
          </Text>
        )}
        <PostGrid>
          {shown.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </PostGrid>
      </Stack>
    </PageContainer>
  )
}

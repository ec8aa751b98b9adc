import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { posts } from 'virtual:blog-index'
import { describe, expect, it } from 'vitest'
import { CRUISE_ARTICLES } from '@/features/cruises/data/cruises'
import { renderRoutes } from '@/testing/test-utils'
import * as blogPost from './blog-post'
import { Component as BlogsRoute } from './blogs'

function renderBlog(path: string) {
  return renderRoutes({
    routes: [
      { path: '/blogs', Component: BlogsRoute },
      { path: '/blogs/:slug', Component: blogPost.Component },
      { path: '/blog/:slug', Component: blogPost.Component },
      { path: '/go/concierge', element: <h1>Concierge</h1> },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    initialEntries: [path],
  })
}

const cardTitles = () => screen.getAllByTestId('post-card').map((card) => within(card).getByRole('heading').textContent)

describe('the blog', () => {
  it('lists every post newest first, with its date, reading time, summary and link', () => {
    renderBlog('/blogs')
    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument()
    expect(document.title).toBe('Blogs · Paryatan')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Indian travellers/)
    expect(cardTitles()).toEqual(posts.map((p) => p.title))
    expect(posts.length).toBeGreaterThanOrEqual(6)
    const first = screen.getAllByTestId('post-card')[0]!
    expect(within(first).getByRole('link', { name: posts[0]!.title })).toHaveAttribute(
      'href',
      `/blogs/${posts[0]!.slug}`,
    )
    expect(first).toHaveTextContent(`${posts[0]!.readingMinutes} min read`)
    expect(first).toHaveTextContent(posts[0]!.summary)
    expect(screen.getByRole('status')).toHaveTextContent(`${posts.length} posts`)
  })

  it('narrows the list by topic, and says so when the topic is unknown', async () => {
    const user = userEvent.setup()
    const { router } = renderBlog('/blogs')
    const topics = screen.getByRole('navigation', { name: 'Topics' })
    expect(within(topics).getByRole('link', { name: 'All posts' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(topics).getByRole('link', { name: 'Cruises' }))
    expect(router.state.location.search).toBe('?tag=cruises')
    expect(within(topics).getByRole('link', { name: 'Cruises' })).toHaveAttribute('aria-current', 'page')
    const cruisePosts = posts.filter((p) => p.tags.includes('cruises'))
    expect(cruisePosts.length).toBeGreaterThanOrEqual(2)
    expect(cardTitles()).toEqual(cruisePosts.map((p) => p.title))
    expect(document.title).toBe('Cruises · Blogs · Paryatan')

    await router.navigate('/blogs?tag=nonsense')
    expect(await screen.findByText('There is no topic called “nonsense”, so here is every post.')).toBeInTheDocument()
    expect(cardTitles()).toHaveLength(posts.length)
  })

  it('shows a post with its byline, body, topics and concierge hand-off', async () => {
    const user = userEvent.setup()
    const { router } = renderBlog('/blogs/monsoon-in-kerala')
    const post = posts.find((p) => p.slug === 'monsoon-in-kerala')!
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe(`${post.title} · Paryatan`))
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(post.summary)
    expect(screen.getByText(new RegExp(`^By ${post.author}`))).toBeInTheDocument()
    const article = screen.getByRole('article', { name: post.title })
    expect(within(article).getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3)
    expect(within(screen.getByRole('list', { name: 'Topics' })).getByRole('link', { name: 'Monsoon' })).toHaveAttribute(
      'href',
      '/blogs?tag=monsoon',
    )
    const aside = screen.getByRole('complementary', { name: 'Plan this trip' })
    expect(within(aside).getByRole('link', { name: 'Talk to a concierge' })).toHaveAttribute(
      'href',
      '/go/concierge?from=monsoon-in-kerala',
    )
    // The post's own link to the concierge stays inside the app.
    const inBody = within(article)
      .getAllByRole('link')
      .find((a) => a.getAttribute('href') === '/go/concierge?from=monsoon-in-kerala')!
    await user.click(inBody)
    expect(await screen.findByRole('heading', { level: 1, name: 'Concierge' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?from=monsoon-in-kerala')
  })

  it('suggests related posts and opens them', async () => {
    const user = userEvent.setup()
    const { router } = renderBlog('/blog/first-cruise-from-india')
    await screen.findByRole('heading', {
      level: 1,
      name: posts.find((p) => p.slug === 'first-cruise-from-india')!.title,
    })
    const more = screen.getByRole('region', { name: 'Keep reading' })
    const packing = posts.find((p) => p.slug === 'cruise-packing-list')!
    await user.click(within(more).getByRole('link', { name: packing.title }))
    expect(await screen.findByRole('heading', { level: 1, name: packing.title })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/blogs/cruise-packing-list')
  })

  it('answers an unknown post with the not-found page', async () => {
    renderBlog('/blogs/no-such-post')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('has every post the cruise page’s article cards point to', () => {
    const slugs = new Set(posts.map((p) => p.slug))
    for (const article of CRUISE_ARTICLES) expect(slugs.has(article.slug), article.slug).toBe(true)
  })
})

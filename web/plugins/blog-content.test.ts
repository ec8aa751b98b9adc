import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BLOG_TAGS } from '../src/features/blog/data/tags.ts'
import { loadBlog } from './blog-content.ts'

const TAGS = Object.keys(BLOG_TAGS)
const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A blog folder and a public folder holding one cover, under a fresh temporary directory. */
function site(posts: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'blog-content-'))
  dirs.push(root)
  const dir = path.join(root, 'content')
  const publicDir = path.join(root, 'public')
  mkdirSync(dir)
  mkdirSync(path.join(publicDir, 'images'), { recursive: true })
  writeFileSync(path.join(publicDir, 'images', 'cover.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  for (const [slug, text] of Object.entries(posts)) writeFileSync(path.join(dir, `${slug}.md`), text)
  return { dir, publicDir, tags: TAGS }
}

function post(slug: string, { date = '2026-07-01', tags = '[monsoon]', body = '' } = {}) {
  return `---
title: "A post called ${slug}"
date: ${date}
author: "Meera Iyer"
tags: ${tags}
cover: /images/cover.svg
coverAlt: "Rain over hills"
summary: "What ${slug} is about."
---
${body || 'Some words here.'}

## Plan it with Paryatan

[Talk to a concierge](/go/concierge?from=${slug}).
`
}

describe('loadBlog', () => {
  it('renders the repository’s posts: at least six, each with its concierge hand-off and a cover', () => {
    const web = path.resolve(import.meta.dirname, '..')
    const posts = loadBlog({ dir: path.join(web, 'content/blog'), publicDir: path.join(web, 'public'), tags: TAGS })
    expect(posts.length).toBeGreaterThanOrEqual(6)
    for (const p of posts) {
      expect(p.html).toContain(`href="/go/concierge?from=${p.slug}"`)
      expect(p.html).not.toMatch(/<h1|<script|<img/)
      expect(p.summary.length).toBeGreaterThan(40)
      expect(p.readingMinutes).toBeGreaterThanOrEqual(3)
    }
    // Newest first.
    expect(posts.map((p) => p.date)).toEqual(
      posts
        .map((p) => p.date)
        .sort()
        .reverse(),
    )
  })

  it('reads front matter, renders Markdown with heading ids and marks external links', () => {
    const body = `Intro with an [official site](https://www.vfsglobal.com) and [another post](/blogs/b).

## Documents you need

- Passport
- Photos

### Documents you need`
    const posts = loadBlog(
      site({ a: post('a', { body, date: '2026-05-02', tags: '[visas, planning, visas]' }), b: post('b') }),
    )
    expect(posts.map((p) => p.slug)).toEqual(['b', 'a'])
    const a = posts[1]!
    expect(a).toMatchObject({
      title: 'A post called a',
      date: '2026-05-02',
      author: 'Meera Iyer',
      tags: ['visas', 'planning'],
      cover: '/images/cover.svg',
      coverAlt: 'Rain over hills',
      readingMinutes: 1,
    })
    expect(a.html).toContain('<h2 id="documents-you-need">Documents you need</h2>')
    expect(a.html).toContain('<h3 id="documents-you-need-2">')
    expect(a.html).toContain('<li>Passport</li>')
    expect(a.html).toContain(
      '<a href="https://www.vfsglobal.com" target="_blank" rel="noopener noreferrer">official site<span class="visually-hidden"> (opens in a new tab)</span></a>',
    )
    expect(a.html).toContain('<a href="/blogs/b">another post</a>')
  })

  it.each([
    ['raw HTML', post('x', { body: 'Hello <script>alert(1)</script>' }), /raw HTML/],
    ['an image in the body', post('x', { body: '![a](/images/cover.svg)' }), /cover/],
    ['a second h1', post('x', { body: '# Title again' }), /must be ## to ####/],
    ['a javascript: link', post('x', { body: '[x](javascript:alert(1))' }), /must be a site path/],
    ['a link to a post that does not exist', post('x', { body: '[x](/blogs/nowhere)' }), /no post is called nowhere/],
    ['an unknown tag', post('x', { tags: '[visa]' }), /unknown tags visa/],
    ['a date that is not a day', post('x', { date: '"July 2026"' }), /YYYY-MM-DD/],
    ['a missing cover', post('x').replace('/images/cover.svg', '/images/none.svg'), /not a file under public/],
    ['no summary', post('x').replace(/summary: .*\n/, ''), /"summary"/],
    ['no concierge hand-off', post('x').replace('from=x', 'from=home'), /must link to \/go\/concierge\?from=x/],
  ])('refuses a post with %s', (_what, text, message) => {
    expect(() => loadBlog(site({ x: text }))).toThrow(message)
  })

  it('refuses a file name that is not a slug', () => {
    expect(() => loadBlog(site({ 'My Post': post('My Post') }))).toThrow(/lower-case slug/)
  })
})

// Builds the blog from Markdown files at build time: a small index module that
// every blog page imports, and one module per post that only that post's page
// loads. Markdown is rendered with marked and sanitised with DOMPurify here, so
// browsers download neither library and the HTML they receive is already clean.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import createDOMPurify from 'dompurify'
import frontMatter from 'front-matter'
import { JSDOM } from 'jsdom'
import { Marked, type Tokens } from 'marked'
import type { Plugin } from 'vite'
import type { BlogPost } from '../src/features/blog/types.ts'

export const BLOG_INDEX_ID = 'virtual:blog-index'
const POST_PREFIX = 'virtual:blog-post/'

/** What a post's front matter must hold (all required but coverAlt, which defaults to ''). */
interface FrontMatter {
  title: string
  date: string
  author: string
  tags: string[]
  cover: string
  coverAlt: string
  summary: string
}

export interface BlogContentOptions {
  /** The folder of `<slug>.md` files. */
  dir: string
  /** The site's public folder: every cover must be a file there. */
  publicDir: string
  /** The tags a post may carry (a typo would otherwise make a tag page of one post). */
  tags: readonly string[]
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

class BlogError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`)
  }
}

function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** "Documents you need" → "documents-you-need", unique within a post. */
function headingId(text: string, used: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .replace(/&[a-z#0-9]+;/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  let id = base
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`
  used.add(id)
  return id
}

function stringField(file: string, attrs: Record<string, unknown>, key: keyof FrontMatter, optional = false): string {
  const value = attrs[key]
  if (value instanceof Date && key === 'date') return value.toISOString().slice(0, 10)
  if (typeof value === 'string' && value.trim() !== '') return value.trim()
  if (optional && value === undefined) return ''
  throw new BlogError(file, `front matter "${key}" must be a non-empty string`)
}

function readFrontMatter(file: string, attrs: Record<string, unknown>, options: BlogContentOptions): FrontMatter {
  const date = stringField(file, attrs, 'date')
  if (!DATE.test(date) || Number.isNaN(Date.parse(date))) throw new BlogError(file, `date "${date}" is not YYYY-MM-DD`)
  const tags = attrs.tags
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((t): t is string => typeof t === 'string')) {
    throw new BlogError(file, 'front matter "tags" must be a non-empty list of words')
  }
  const unknown = tags.filter((t) => !options.tags.includes(t))
  if (unknown.length > 0)
    throw new BlogError(file, `unknown tags ${unknown.join(', ')} (known: ${options.tags.join(', ')})`)
  const cover = stringField(file, attrs, 'cover')
  if (!cover.startsWith('/') || !existsSync(path.join(options.publicDir, cover))) {
    throw new BlogError(file, `cover ${cover} is not a file under public/`)
  }
  return {
    title: stringField(file, attrs, 'title'),
    date,
    author: stringField(file, attrs, 'author'),
    tags: [...new Set(tags)],
    cover,
    coverAlt: stringField(file, attrs, 'coverAlt', true),
    summary: stringField(file, attrs, 'summary'),
  }
}

type Purifier = ReturnType<typeof createDOMPurify>

/** Renders one post's Markdown, refusing what a post must not contain. */
function renderMarkdown(file: string, markdown: string, purify: Purifier) {
  const used = new Set<string>()
  const links: string[] = []
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        // The page's title is its only h1; sections start at h2 and do not skip a level.
        if (token.depth < 2 || token.depth > 4) throw new BlogError(file, `heading "${token.text}" must be ## to ####`)
        const inner = this.parser.parseInline(token.tokens)
        const id = headingId(token.text, used)
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens)
        const href = token.href
        links.push(href)
        if (href.startsWith('/') && !href.startsWith('//')) return `<a href="${escapeHTML(href)}">${inner}</a>`
        if (/^https:\/\//.test(href)) {
          return `<a href="${escapeHTML(href)}" target="_blank" rel="noopener noreferrer">${inner}<span class="visually-hidden"> (opens in a new tab)</span></a>`
        }
        if (href.startsWith('mailto:') || href.startsWith('tel:')) return `<a href="${escapeHTML(href)}">${inner}</a>`
        throw new BlogError(file, `link ${href} must be a site path, an https address, mailto: or tel:`)
      },
      image(token: Tokens.Image) {
        throw new BlogError(file, `image ${token.href}: posts carry their picture in the front matter's cover`)
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        throw new BlogError(file, `raw HTML is not allowed in a post: ${token.raw.trim().slice(0, 60)}`)
      },
    },
  })
  const raw = marked.parse(markdown, { async: false })
  // The posts are ours, but the HTML is put into the page as it is: keep only what Markdown makes.
  const html = purify.sanitize(raw, { ADD_ATTR: ['target'], USE_PROFILES: { html: true } })
  return { html, links }
}

function wordCount(markdown: string): number {
  return markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}

/** Reads, checks and renders every post in options.dir, newest first. */
export function loadBlog(options: BlogContentOptions): BlogPost[] {
  const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0])
  const files = readdirSync(options.dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
  const posts = files.map((name): BlogPost & { links: string[] } => {
    const file = path.join(options.dir, name)
    const slug = name.slice(0, -3)
    if (!SLUG.test(slug)) throw new BlogError(file, 'the file name must be a lower-case slug')
    const parsed = frontMatter<Record<string, unknown>>(readFileSync(file, 'utf8'))
    const meta = readFrontMatter(file, parsed.attributes, options)
    const { html, links } = renderMarkdown(file, parsed.body, purify)
    const readingMinutes = Math.max(1, Math.round(wordCount(parsed.body) / 200))
    return { slug, ...meta, readingMinutes, html, links }
  })
  const slugs = new Set(posts.map((p) => p.slug))
  for (const post of posts) {
    const file = path.join(options.dir, `${post.slug}.md`)
    for (const href of post.links) {
      const target = /^\/blogs?\/([^/?#]+)/.exec(href)?.[1]
      if (target && !slugs.has(target)) throw new BlogError(file, `link ${href}: no post is called ${target}`)
    }
    // Every post ends by handing the reader to a concierge who knows where they came from.
    if (!post.links.includes(`/go/concierge?from=${post.slug}`)) {
      throw new BlogError(file, `the post must link to /go/concierge?from=${post.slug}`)
    }
  }
  return posts
    .map(({ links: _links, ...post }) => post)
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

/**
 * The Vite plugin: `import { posts, loadPost } from 'virtual:blog-index'` gives the
 * list (no bodies) and a loader per slug that fetches that post's own chunk.
 */
export function blogContent(options: BlogContentOptions): Plugin {
  let cache: BlogPost[] | undefined
  const blog = () => (cache ??= loadBlog(options))
  return {
    name: 'paryatan-blog-content',
    resolveId(id) {
      if (id === BLOG_INDEX_ID || id.startsWith(POST_PREFIX)) return `\0${id}`
      return undefined
    },
    load(id) {
      if (!id.startsWith('\0virtual:blog-')) return undefined
      const posts = blog()
      for (const post of posts) this.addWatchFile(path.join(options.dir, `${post.slug}.md`))
      if (id === `\0${BLOG_INDEX_ID}`) {
        const list = posts.map(({ html: _html, ...meta }) => meta)
        const loaders = posts
          .map((p) => `  ${JSON.stringify(p.slug)}: () => import(${JSON.stringify(POST_PREFIX + p.slug)}),`)
          .join('\n')
        return `export const posts = ${JSON.stringify(list)};\nexport const loadPost = {\n${loaders}\n};\n`
      }
      const slug = id.slice(`\0${POST_PREFIX}`.length)
      const post = posts.find((p) => p.slug === slug)
      if (!post) return this.error(`no blog post ${slug}`)
      return `export default ${JSON.stringify(post)};\n`
    },
    watchChange(id) {
      if (id.startsWith(options.dir)) cache = undefined
    },
    configureServer(server) {
      server.watcher.add(options.dir)
      const reload = (file: string) => {
        if (!file.startsWith(options.dir)) return
        cache = undefined
        for (const id of [...server.moduleGraph.idToModuleMap.keys()]) {
          if (id.startsWith('\0virtual:blog-')) {
            const mod = server.moduleGraph.getModuleById(id)
            if (mod) server.moduleGraph.invalidateModule(mod)
          }
        }
        server.ws.send({ type: 'full-reload' })
      }
      server.watcher.on('add', reload)
      server.watcher.on('change', reload)
      server.watcher.on('unlink', reload)
    },
  }
}

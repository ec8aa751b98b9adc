import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { jsBudget, routeCosts } from './js-budget.ts'

const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * A small app in a temporary folder: an entry that lazily loads two routes,
 * one of which imports a module of `bigKB` KB of random text (which no
 * compression shrinks much), and a dialog loaded on demand.
 */
function fixture(bigKB: number) {
  const root = mkdtempSync(path.join(tmpdir(), 'js-budget-'))
  dirs.push(root)
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
    'main.js': [
      "import { shared } from './shared.js'",
      "export const routes = { small: () => import('./routes/small.js'), big: () => import('./routes/big.js') }",
      "export const dialog = () => import('./dialog.js')",
      'console.log(shared, routes, dialog)',
    ].join('\n'),
    'shared.js': "export const shared = 'shared by every page'",
    'dialog.js': `export const dialog = ${JSON.stringify(randomBytes(4 * 1024).toString('hex'))}`,
    'routes/small.js': "import { shared } from '../shared.js'\nexport const Component = () => shared + ' small'",
    'routes/big.js': "import { blob } from '../big-library.js'\nexport const Component = () => blob",
    'big-library.js': `export const blob = ${JSON.stringify(randomBytes(bigKB * 512).toString('hex'))}`,
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    writeFileSync(path.join(root, name), content)
  }
  return root
}

async function buildWithBudget(root: string, route: number) {
  const lines: string[] = []
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      jsBudget({
        home: 8 * 1024,
        route,
        routesDir: path.join(root, 'routes'),
        onDemand: [path.join(root, 'dialog.js')],
        print: (l) => lines.push(l),
      }),
    ],
    build: { outDir: path.join(root, 'dist'), write: false },
  })
  return lines
}

describe('jsBudget', () => {
  it('prints each route with what it loads, and passes within budget', async () => {
    const lines = await buildWithBudget(fixture(20), 200 * 1024)
    const row = (route: string) => lines.find((l) => l.startsWith(route + ' '))
    expect(row('/')).toBeDefined()
    expect(row('small')).toBeDefined()
    expect(row('big')).toBeDefined()
    expect(lines.join('\n')).not.toContain('OVER BUDGET')
    // The dialog, on demand, is every page's "later": its 4 KB of text packs to about 2 KB.
    const laterKB = (route: string) => Number(row(route)!.trim().split(/\s+/)[4])
    expect(laterKB('/')).toBeGreaterThan(1.8)
    // The big route carries its library: 20 KB of random hex packs to about 10 KB or more.
    const brKB = (route: string) => Number(row(route)!.trim().split(/\s+/)[1])
    expect(brKB('big')).toBeGreaterThan(brKB('small') + 9)
  })

  it('fails the build when a route grows past its budget, naming it', async () => {
    await expect(buildWithBudget(fixture(200), 50 * 1024)).rejects.toThrow(
      /JavaScript budget exceeded: big \d+\.\d KB > 50 KB/,
    )
  })

  it('fails the home page over its own budget', async () => {
    const root = fixture(1)
    writeFileSync(
      path.join(root, 'shared.js'),
      `export const shared = ${JSON.stringify(randomBytes(20 * 1024).toString('hex'))}`,
    )
    await expect(buildWithBudget(root, 200 * 1024)).rejects.toThrow(/JavaScript budget exceeded: \/ \d+\.\d KB > 8 KB/)
  })
})

describe('routeCosts', () => {
  const chunk = (fileName: string, code: string, more: Partial<Parameters<typeof routeCosts>[0][number]> = {}) => ({
    fileName,
    code,
    imports: [],
    dynamicImports: [],
    facadeModuleId: null,
    isEntry: false,
    isDynamicEntry: false,
    ...more,
  })
  const noise = (kb: number) => randomBytes(kb * 512).toString('hex')

  it('counts the entry with its static imports, a route on top, and lazy chunks apart only when on demand', () => {
    const chunks = [
      chunk('entry.js', noise(2), { isEntry: true, imports: ['lib.js'], dynamicImports: ['page.js', 'dialog.js'] }),
      chunk('lib.js', noise(4)),
      chunk('page.js', noise(8), { isDynamicEntry: true, facadeModuleId: '/app/routes/page.tsx', imports: ['lib.js'] }),
      chunk('dialog.js', noise(16), { isDynamicEntry: true, facadeModuleId: '/app/dialog.tsx' }),
    ]
    const opts = { home: 1, route: 1, routesDir: '/app/routes', onDemand: ['/app/dialog.tsx'] }
    const costs = routeCosts(chunks, opts)
    const home = costs.find((c) => c.route === '/')!
    const page = costs.find((c) => c.route === 'page')!
    // Random hex packs to about half its size: 2 + 4 KB of text for the home page, 8 more for the page.
    expect(home.brotli / 1024).toBeGreaterThan(2.8)
    expect(home.brotli / 1024).toBeLessThan(3.5)
    expect((page.brotli - home.brotli) / 1024).toBeGreaterThan(3.8)
    expect((page.brotli - home.brotli) / 1024).toBeLessThan(4.5)
    // The dialog is later for both, and the page is nobody's "later".
    expect(home.later / 1024).toBeGreaterThan(7.5)
    expect(page.later).toBe(home.later)
    // Not declared on demand, a lazy chunk is fetched as the page renders: it counts, for every route.
    const undeclared = routeCosts(chunks, { ...opts, onDemand: [] })
    expect(undeclared.find((c) => c.route === '/')!.brotli - home.brotli).toBe(home.later)
    expect(undeclared.find((c) => c.route === 'page')!.brotli - page.brotli).toBe(home.later)
    expect(undeclared.find((c) => c.route === '/')!.later).toBe(0)
    // A pattern declares it as well as its id.
    expect(routeCosts(chunks, { ...opts, onDemand: [/dialog/] })).toEqual(costs)
    // An on-demand module a route declares it loads at once counts towards that route only.
    const eager = routeCosts(chunks, { ...opts, eager: { '/': ['/app/dialog.tsx'] } })
    expect(eager.find((c) => c.route === '/')!.brotli - home.brotli).toBe(home.later)
    expect(eager.find((c) => c.route === 'page')!.brotli).toBe(page.brotli)
    expect(() => routeCosts(chunks, { ...opts, eager: { '/': ['/app/none.tsx'] } })).toThrow(/no lazy chunk/)
    expect(() => routeCosts(chunks, { ...opts, onDemand: ['/app/none.tsx'] })).toThrow(/no lazy chunk/)
  })

  it('counts every entry for every route: the app and the script that runs before it', () => {
    const chunks = [
      chunk('entry.js', noise(2), { isEntry: true, imports: ['lib.js'], dynamicImports: ['page.js'] }),
      chunk('lib.js', noise(4)),
      chunk('page.js', noise(8), { isDynamicEntry: true, facadeModuleId: '/app/routes/page.tsx', imports: ['lib.js'] }),
    ]
    const opts = { home: 1, route: 1, routesDir: '/app/routes' }
    const alone = routeCosts(chunks, opts)
    const boot = chunk('boot.js', noise(6), { isEntry: true, imports: ['lib.js'] })
    const both = routeCosts([...chunks, boot], opts)
    // 6 KB of random hex more (about 3 KB packed) for each route; lib.js, shared, once.
    for (const route of ['/', 'page']) {
      const more = both.find((c) => c.route === route)!.brotli - alone.find((c) => c.route === route)!.brotli
      expect(more / 1024).toBeGreaterThan(2.8)
      expect(more / 1024).toBeLessThan(3.5)
    }
    expect(() => routeCosts(chunks.slice(1), opts)).toThrow(/no entry chunk/)
  })

  it("counts a lazy chunk's own lazy chunks with it, unless they are on demand", () => {
    const chunks = [
      chunk('entry.js', noise(2), { isEntry: true, dynamicImports: ['page.js'] }),
      chunk('page.js', noise(2), {
        isDynamicEntry: true,
        facadeModuleId: '/app/routes/page.tsx',
        dynamicImports: ['section.js'],
      }),
      chunk('section.js', noise(8), {
        isDynamicEntry: true,
        facadeModuleId: '/app/section.tsx',
        dynamicImports: ['menu.js'],
      }),
      chunk('menu.js', noise(16), { isDynamicEntry: true, facadeModuleId: '/app/menu.tsx' }),
    ]
    const opts = { home: 1, route: 1, routesDir: '/app/routes' }
    const cost = (onDemand: string[]) => routeCosts(chunks, { ...opts, onDemand }).find((c) => c.route === 'page')!
    const all = cost([])
    const withoutMenu = cost(['/app/menu.tsx'])
    const alone = cost(['/app/section.tsx'])
    // The menu's 16 KB of text is about 8 KB packed; the section's 8 KB about 4.
    expect((all.brotli - withoutMenu.brotli) / 1024).toBeGreaterThan(7.5)
    expect((withoutMenu.brotli - alone.brotli) / 1024).toBeGreaterThan(3.8)
    // What an on-demand chunk would bring is all "later".
    expect(alone.later).toBe(all.brotli - alone.brotli)
  })

  it('costs a page a visitor may be shown something else instead of as the larger of its two visits', () => {
    const chunks = [
      chunk('entry.js', noise(2), { isEntry: true, dynamicImports: ['page.js', 'dialog.js'] }),
      chunk('page.js', noise(2), {
        isDynamicEntry: true,
        facadeModuleId: '/app/routes/page.tsx',
        dynamicImports: ['forms.js'],
      }),
      chunk('forms.js', noise(8), { isDynamicEntry: true, facadeModuleId: '/app/forms.tsx' }),
      chunk('dialog.js', noise(4), { isDynamicEntry: true, facadeModuleId: '/app/dialog.tsx' }),
    ]
    const opts = { home: 1, route: 1, routesDir: '/app/routes', onDemand: ['/app/dialog.tsx'] }
    const page = (more: Partial<Parameters<typeof routeCosts>[1]>) =>
      routeCosts(chunks, { ...opts, ...more }).find((c) => c.route === 'page')!
    const shown = page({})
    expect(shown.instead).toBeUndefined()
    // Signed out, the visit fetches the page's chunk and the dialog, not the page's forms: less than
    // the page's own visit, which is then the cost.
    const gated = page({ instead: { page: ['/app/dialog.tsx'] } })
    expect(gated.brotli).toBe(shown.brotli)
    expect(gated.instead).toBe(false)
    // With a dialog larger than the forms, the signed-out visit is the cost: it has the dialog and
    // not the forms.
    const big = chunks.map((c) => (c.fileName === 'dialog.js' ? { ...c, code: noise(32) } : c))
    const bigShown = routeCosts(big, opts).find((c) => c.route === 'page')!
    const bigGated = routeCosts(big, { ...opts, instead: { page: ['/app/dialog.tsx'] } }).find(
      (c) => c.route === 'page',
    )!
    expect(bigGated.instead).toBe(true)
    expect((bigGated.brotli - bigShown.brotli) / 1024).toBeGreaterThan(16 - 4 - 1)
    expect((bigGated.brotli - bigShown.brotli) / 1024).toBeLessThan(16 - 4 + 1)
    expect(() => routeCosts(chunks, { ...opts, instead: { '/': ['/app/dialog.tsx'] } })).toThrow(/home page/)
  })

  it('counts a nested route with the layout it renders inside', () => {
    const chunks = [
      chunk('entry.js', noise(2), { isEntry: true, dynamicImports: ['layout.js', 'page.js'] }),
      chunk('layout.js', noise(8), { isDynamicEntry: true, facadeModuleId: '/app/routes/layout.tsx' }),
      chunk('page.js', noise(4), { isDynamicEntry: true, facadeModuleId: '/app/routes/page.tsx' }),
    ]
    const opts = { home: 1, route: 1, routesDir: '/app/routes' }
    const alone = routeCosts(chunks, opts)
    const nested = routeCosts(chunks, { ...opts, within: (r) => (r === 'page' ? 'layout' : undefined) })
    const cost = (costs: typeof alone, route: string) => costs.find((c) => c.route === route)!.brotli
    // The page now carries the layout's 8 KB of text, about 4 KB packed; the layout is unchanged.
    expect((cost(nested, 'page') - cost(alone, 'page')) / 1024).toBeGreaterThan(3.8)
    expect((cost(nested, 'page') - cost(alone, 'page')) / 1024).toBeLessThan(4.5)
    expect(cost(nested, 'layout')).toBe(cost(alone, 'layout'))
    expect(() => routeCosts(chunks, { ...opts, within: () => 'none' })).toThrow(/no route chunk/)
  })
})

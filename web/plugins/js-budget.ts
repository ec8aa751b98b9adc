// Holds the JavaScript each page downloads to a budget: after a production
// build it adds up, per route, the compressed size of every chunk a first visit
// to that route fetches before the page is idle (the entries and their static
// imports, the route's lazy chunk and its static imports, and every lazy chunk
// that code fetches as it renders, with theirs), prints the table and fails the
// build when a route is over its budget. A lazy chunk counts unless it is
// declared on demand (fetched on an interaction or a scroll: a menu, a dialog
// opened by a button, the footer); those are listed as "later", not counted,
// except where a route declares it fetches one at once all the same (the
// sign-in dialog on a page that asks a visitor to sign in).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import path from 'node:path'
import type { Plugin } from 'vite'

export interface JsBudgetOptions {
  /** Compressed bytes (Brotli) the home page may load (the entry and its static imports). */
  home: number
  /** Compressed bytes (Brotli) any other route may load. */
  route: number
  /** The folder of route modules: every lazily loaded module there is a route. */
  routesDir: string
  /**
   * Lazy modules fetched only on a visitor's action (a press, a scroll, a tab), by module id or a
   * pattern of ids. Every other lazy chunk that a route's code imports counts towards its budget,
   * as fetched while the page renders. An entry that names no lazy chunk fails the build.
   */
  onDemand?: readonly ModuleMatch[]
  /**
   * On-demand modules a route fetches as soon as it renders all the same, by route: "/" for the
   * home page, else the route module's name. They count towards its budget.
   */
  eager?: Record<string, readonly ModuleMatch[]>
  /**
   * Routes whose page a visitor may not be shown at all, by route module name, with what such a
   * visit fetches instead: a page that needs a session shows a signed-out visitor the sign-in dialog
   * over an empty page. That visit fetches the route's chunk with its static imports (they are
   * preloaded) but none of the page's lazy chunks, and the modules listed here. The route costs
   * the larger of its two visits.
   */
  instead?: Record<string, readonly ModuleMatch[]>
  /**
   * The route a route renders inside (a nested layout, by route module name), whose chunks load
   * with it: an account page comes with the account layout. Undefined for a route of its own.
   */
  within?: (route: string) => string | undefined
  /** Where the table goes; the build's logger when unset. */
  print?: (line: string) => void
}

/** A module id, or a pattern that ids are tested against. */
type ModuleMatch = string | RegExp

/** A chunk as the budget sees it: its name, size and what it loads. */
interface ChunkInfo {
  fileName: string
  code: string
  imports: string[]
  dynamicImports: string[]
  facadeModuleId: string | null
  isEntry: boolean
  isDynamicEntry: boolean
}

/** One line of the table. */
export interface RouteCost {
  /** "/" for the entry, else the route module's path under routesDir, without extension. */
  route: string
  budget: number
  /** Compressed bytes with gzip at level 9, what a browser without Brotli gets. */
  gzip: number
  /** Compressed bytes with Brotli at quality 11, what current browsers are sent: the budget's measure. */
  brotli: number
  /** Compressed bytes (Brotli) of chunks the route may load later, on demand. */
  later: number
  /** Whether the costlier visit is the one shown something else instead of the page (see `instead`). */
  instead?: boolean
}

const KB = 1024

function gzipSize(code: string): number {
  return gzipSync(code, { level: 9 }).length
}

function brotliSize(code: string): number {
  return brotliCompressSync(code, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: code.length },
  }).length
}

/**
 * What each route costs. The budget is on Brotli sizes at the build's level:
 * the server sends the smallest packed form a browser accepts, which for
 * scripts is Brotli's (zstd's is larger) in every current browser.
 */
export function routeCosts(
  chunks: ChunkInfo[],
  opts: Pick<JsBudgetOptions, 'home' | 'route' | 'routesDir' | 'onDemand' | 'eager' | 'instead' | 'within'>,
): RouteCost[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const sizes = new Map<string, { gzip: number; brotli: number }>()
  const size = (name: string) => {
    let s = sizes.get(name)
    if (!s) {
      const code = byName.get(name)?.code ?? ''
      s = { gzip: gzipSize(code), brotli: brotliSize(code) }
      sizes.set(name, s)
    }
    return s
  }
  const matches = (m: ModuleMatch, id: string | null) => id !== null && (typeof m === 'string' ? m === id : m.test(id))
  const lazyChunks = chunks.filter((c) => c.isDynamicEntry && !isRoute(c, opts.routesDir))
  const onDemand = new Set<string>()
  for (const m of opts.onDemand ?? []) {
    const hits = lazyChunks.filter((c) => matches(m, c.facadeModuleId))
    if (hits.length === 0) throw new Error(`${String(m)} is declared on demand, but no lazy chunk is built from it`)
    for (const c of hits) onDemand.add(c.fileName)
  }
  // Another route is a page of its own, neither this page's load nor its later one.
  const isLazy = (name: string) => {
    const c = byName.get(name)
    return c !== undefined && !isRoute(c, opts.routesDir)
  }
  /** Adds to `into` what fetching `start` brings: its static imports, and the lazy chunks `follow` lets through. */
  const closure = (start: string, into: Set<string>, follow: (lazy: string) => boolean) => {
    const stack = [start]
    while (stack.length) {
      const name = stack.pop()!
      if (into.has(name)) continue
      into.add(name)
      const c = byName.get(name)
      stack.push(...(c?.imports ?? []))
      for (const d of c?.dynamicImports ?? []) if (isLazy(d) && follow(d)) stack.push(d)
    }
    return into
  }
  const sum = (names: Iterable<string>) => {
    let gzip = 0
    let brotli = 0
    for (const n of names) {
      gzip += size(n).gzip
      brotli += size(n).brotli
    }
    return { gzip, brotli }
  }
  const later = (loaded: Set<string>) => {
    const more = new Set<string>()
    for (const n of loaded) {
      for (const d of byName.get(n)?.dynamicImports ?? []) if (isLazy(d)) closure(d, more, () => true)
    }
    for (const n of loaded) more.delete(n)
    return sum(more).brotli
  }
  const lazyOf = (route: string, list: Record<string, readonly ModuleMatch[]> | undefined) => {
    const names = new Set<string>()
    for (const m of list?.[route] ?? []) {
      const hits = lazyChunks.filter((c) => matches(m, c.facadeModuleId))
      if (hits.length === 0) throw new Error(`${route} loads ${String(m)} at once, but no lazy chunk is built from it`)
      for (const c of hits) names.add(c.fileName)
    }
    return names
  }
  /** What a first visit fetches before idle from the chunks `starts`, with the routes' own eager modules. */
  const firstVisit = (starts: string[], routes: string[]) => {
    const eager = new Set(routes.flatMap((r) => [...lazyOf(r, opts.eager)]))
    const follow = (d: string) => !onDemand.has(d) || eager.has(d)
    const loaded = new Set<string>()
    for (const s of [...starts, ...eager]) closure(s, loaded, follow)
    return loaded
  }
  /**
   * What a visit shown something else instead of the page fetches: the shell as any visit, the
   * route chunks `pages` with their static imports only, and the routes' `instead` modules.
   * Undefined when none of the routes has any.
   */
  const insteadVisit = (shell: string[], pages: string[], routes: string[]) => {
    const instead = new Set(routes.flatMap((r) => [...lazyOf(r, opts.instead)]))
    if (instead.size === 0) return undefined
    const follow = (d: string) => !onDemand.has(d)
    const loaded = new Set<string>()
    for (const s of shell) closure(s, loaded, follow)
    for (const p of pages) closure(p, loaded, () => false)
    for (const s of instead) closure(s, loaded, follow)
    return loaded
  }

  // Every page loads every entry: the app's, and what runs before it (src/boot.ts).
  const shell = chunks.filter((c) => c.isEntry).map((c) => c.fileName)
  if (shell.length === 0) throw new Error('the build has no entry chunk')
  const home = firstVisit(shell, ['/'])
  if (opts.instead?.['/']) throw new Error('the home page is shown to every visitor: it has nothing instead')
  const costs: RouteCost[] = [{ route: '/', budget: opts.home, ...sum(home), later: later(home) }]
  const routeChunks = new Map<string, ChunkInfo>()
  for (const c of chunks) {
    if (isRoute(c, opts.routesDir)) {
      routeChunks.set(path.relative(opts.routesDir, c.facadeModuleId!).replace(/\.[jt]sx?$/, ''), c)
    }
  }
  for (const [route, c] of routeChunks) {
    const pages = [c.fileName]
    const routes = [route]
    const parent = opts.within?.(route)
    if (parent !== undefined) {
      const layout = routeChunks.get(parent)
      if (!layout) throw new Error(`${route} renders inside ${parent}, but no route chunk is built from it`)
      pages.push(layout.fileName)
      routes.push(parent)
    }
    const page = firstVisit([...shell, ...pages], routes)
    const other = insteadVisit(shell, pages, routes)
    const loaded = other && sum(other).brotli > sum(page).brotli ? other : page
    costs.push({
      route,
      budget: opts.route,
      ...sum(loaded),
      later: later(loaded),
      ...(other ? { instead: loaded === other } : {}),
    })
  }
  return costs.sort((a, b) => (a.route === '/' ? -1 : b.route === '/' ? 1 : a.route.localeCompare(b.route)))
}

function isRoute(c: ChunkInfo, routesDir: string): boolean {
  return c.isDynamicEntry && c.facadeModuleId !== null && c.facadeModuleId.startsWith(routesDir + path.sep)
}

/** The table, one route a line, sizes in KB. */
export function formatCosts(costs: RouteCost[]): string[] {
  const kb = (n: number) => (n / KB).toFixed(1)
  const width = Math.max(...costs.map((c) => c.route.length), 5)
  const lines = [
    `${'route'.padEnd(width)}  ${'br KB'.padStart(7)}  ${'budget'.padStart(7)}  ${'gzip KB'.padStart(8)}  ${'later'.padStart(7)}`,
  ]
  for (const c of costs) {
    const over = c.brotli > c.budget ? '  OVER BUDGET' : ''
    const instead = c.instead ? '  (shown something else instead)' : ''
    lines.push(
      `${c.route.padEnd(width)}  ${kb(c.brotli).padStart(7)}  ${kb(c.budget).padStart(7)}  ${kb(c.gzip).padStart(8)}  ${kb(c.later).padStart(7)}${over}${instead}`,
    )
  }
  return lines
}

export function jsBudget(opts: JsBudgetOptions): Plugin {
  let print = opts.print
  return {
    name: 'paryatan:js-budget',
    // The client build's output only: the prerender's server build (scripts/prerender.mjs) has none of it.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      print ??= (line) => config.logger.info(line)
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = []
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk') chunks.push(out)
      }
      const costs = routeCosts(chunks, opts)
      print!(
        '\nJavaScript a first visit to each route fetches before it is idle, compressed (KB of 1024 bytes; "later" is fetched on demand, not counted):',
      )
      for (const line of formatCosts(costs)) print!(line)
      const over = costs.filter((c) => c.brotli > c.budget)
      if (over.length > 0) {
        this.error(
          `JavaScript budget exceeded: ${over.map((c) => `${c.route} ${(c.brotli / KB).toFixed(1)} KB > ${(c.budget / KB).toFixed(0)} KB`).join(', ')}`,
        )
      }
    },
  }
}

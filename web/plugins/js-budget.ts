// Holds the JavaScript each page downloads to a budget: after a production
// build it adds up, per route, the compressed size of every chunk a first visit
// to that route loads before it can render (the entry and its static imports,
// then the route's lazy chunk and its static imports), prints the table and
// fails the build when a route is over its budget. Chunks a page loads later,
// on an interaction (a dialog, a blog post's body), are listed but not counted.
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
   * Lazy modules a route fetches as soon as it renders (a section below the fold), by route:
   * "/" for the home page, else the route module's name. They count towards its budget.
   */
  eager?: Record<string, readonly string[]>
  /**
   * The route a route renders inside (a nested layout, by route module name), whose chunks load
   * with it: an account page comes with the account layout. Undefined for a route of its own.
   */
  within?: (route: string) => string | undefined
  /** Where the table goes; the build's logger when unset. */
  print?: (line: string) => void
}

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
  opts: Pick<JsBudgetOptions, 'home' | 'route' | 'routesDir' | 'eager' | 'within'>,
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
  const closure = (start: string, into: Set<string>) => {
    const stack = [start]
    while (stack.length) {
      const name = stack.pop()!
      if (into.has(name)) continue
      into.add(name)
      stack.push(...(byName.get(name)?.imports ?? []))
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
      for (const d of byName.get(n)?.dynamicImports ?? []) {
        const c = byName.get(d)
        // Other routes are pages of their own, not this page's later loads.
        if (!c || isRoute(c, opts.routesDir)) continue
        closure(d, more)
      }
    }
    for (const n of loaded) more.delete(n)
    return sum(more).brotli
  }

  const withEager = (route: string, loaded: Set<string>) => {
    for (const id of opts.eager?.[route] ?? []) {
      const c = chunks.find((x) => x.isDynamicEntry && x.facadeModuleId === id)
      if (!c) throw new Error(`${route} loads ${id} at once, but no lazy chunk is built from it`)
      closure(c.fileName, loaded)
    }
    return loaded
  }

  const entries = chunks.filter((c) => c.isEntry)
  const [entry] = entries
  if (!entry || entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`)
  const shell = closure(entry.fileName, new Set())
  const home = withEager('/', new Set(shell))
  const costs: RouteCost[] = [{ route: '/', budget: opts.home, ...sum(home), later: later(home) }]
  const routeChunks = new Map<string, ChunkInfo>()
  for (const c of chunks) {
    if (isRoute(c, opts.routesDir)) {
      routeChunks.set(path.relative(opts.routesDir, c.facadeModuleId!).replace(/\.[jt]sx?$/, ''), c)
    }
  }
  for (const [route, c] of routeChunks) {
    const loaded = withEager(route, closure(c.fileName, new Set(shell)))
    const parent = opts.within?.(route)
    if (parent !== undefined) {
      const layout = routeChunks.get(parent)
      if (!layout) throw new Error(`${route} renders inside ${parent}, but no route chunk is built from it`)
      withEager(parent, closure(layout.fileName, loaded))
    }
    costs.push({ route, budget: opts.route, ...sum(loaded), later: later(loaded) })
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
    lines.push(
      `${c.route.padEnd(width)}  ${kb(c.brotli).padStart(7)}  ${kb(c.budget).padStart(7)}  ${kb(c.gzip).padStart(8)}  ${kb(c.later).padStart(7)}${over}`,
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
        '\nJavaScript a first visit to each route loads, compressed (KB of 1024 bytes; "later" is loaded on demand, not counted):',
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

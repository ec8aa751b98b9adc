// The Lighthouse half of hack/webvitals: audits pages of a running Paryatan
// with Lighthouse's default mobile configuration (a Moto G Power's screen,
// simulated slow 4G and a 4× slower CPU, applied by Lighthouse's Lantern
// model to an unthrottled load) and writes a summary of each run as JSON:
// the four category scores, the performance metrics, and every audit that
// did not pass with what it points at. `go run ./hack/webvitals -lighthouse`
// starts the servers, runs this with node after the vitals, and prints the
// table; run it alone only against a server you started.
//
// Chromium is Debian's (CHROMIUM_PATH), launched through Lighthouse's own
// puppeteer-core, which never downloads a browser. Each run is a new
// browser context with a new page; Lighthouse clears the cache and the
// origin's storage before it loads the page. The fare page belongs to a
// signed-in user: its context gets the session cookie of a user this script
// registers, and each run searches afresh for the fare it opens.
//
// Environment:
//   WEBVITALS_BASE_URL   the server, e.g. http://127.0.0.1:8080 (required)
//   CHROMIUM_PATH        the browser (hack/ensure-chromium.sh prints it)
//   LIGHTHOUSE_RUNS      runs per page (default 3)
//   WEBVITALS_ROUTE, WEBVITALS_DATE  the trip (trip.mjs)
//   WEBVITALS_PAGES      which pages, comma-separated: home,results,fare (default all)
//   WEBVITALS_ARTIFACTS  a directory: each run's full report, <page>-<run>.lighthouse.html and .json
//   LIGHTHOUSE_OUT       where the JSON goes (default stdout)
// Progress goes to stderr.
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { farePathOf, resultsPath, SEARCH_PATH, searchBody } from './trip.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Resolves a package as the repository root sees it. */
function resolveRoot(name, from = join(root, 'package.json')) {
  try {
    return createRequire(from).resolve(name)
  } catch {
    throw new Error(`${name} is not installed: run npm ci at the repository root`)
  }
}

const lighthousePath = resolveRoot('lighthouse')
const { default: lighthouse } = await import(pathToFileURL(lighthousePath).href)
// The puppeteer-core Lighthouse itself drives, so the two always agree.
const { default: puppeteer } = await import(pathToFileURL(resolveRoot('puppeteer-core', lighthousePath)).href)
const { version: lighthouseVersion } = createRequire(import.meta.url)(
  join(dirname(lighthousePath), '..', 'package.json'),
)

const BASE_URL = process.env.WEBVITALS_BASE_URL
if (!BASE_URL) {
  console.error('lighthouse: WEBVITALS_BASE_URL is not set (run it through `go run ./hack/webvitals -lighthouse`)')
  process.exit(2)
}
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3)
const ARTIFACTS = process.env.WEBVITALS_ARTIFACTS
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]
// The API's own address for the requests this script makes: the sign-in
// limits of the browser's loopback address and of webvitals.mjs stay apart.
const CLIENT_ADDRESS = '198.18.200.8'

const log = (...args) => console.error('lighthouse:', ...args)

/** POSTs JSON to the API as this script's client and returns the answer's JSON and cookies. */
async function post(path, body, cookie) {
  const res = await fetch(BASE_URL + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': CLIENT_ADDRESS,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}: ${text}`)
  return { json: JSON.parse(text), cookies: res.headers.getSetCookie() }
}

/** Registers a user and returns its session cookies, as a request header and as browser cookies. */
async function signIn() {
  const email = `lighthouse.${Date.now()}@example.in`
  const { cookies } = await post('/api/auth/register', {
    fullName: 'Ananya Sharma',
    email,
    password: 'monsoon-trek-42',
  })
  if (cookies.length === 0) throw new Error('register: no session cookie')
  const pairs = cookies.map((c) => c.split(';')[0])
  const { hostname } = new URL(BASE_URL)
  return {
    header: pairs.join('; '),
    browser: pairs.map((p) => {
      const i = p.indexOf('=')
      return { name: p.slice(0, i), value: p.slice(i + 1), domain: hostname, path: '/', httpOnly: true }
    }),
  }
}


const pages = [
  { name: 'home', path: () => '/' },
  { name: 'results', path: () => resultsPath },
  {
    name: 'fare',
    signedIn: true,
    path: async (session) => farePathOf((await post(SEARCH_PATH, searchBody, session.header)).json),
  },
]

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

/** A URL of the server without its origin, a long query cut. */
function shortUrl(url) {
  if (!url.startsWith(BASE_URL)) return url
  const path = url.slice(BASE_URL.length) || '/'
  const q = path.indexOf('?')
  return q >= 0 && path.length > 80 ? `${path.slice(0, q)}?…` : path
}

/** One line for a row of an audit's table: the element or resource, what it is, and what it costs. */
function describeItem(item) {
  if (!item || typeof item !== 'object') return typeof item === 'string' ? item : undefined
  const parts = []
  const node = item.node?.type === 'node' ? item.node : item.type === 'node' ? item : undefined
  if (node) {
    parts.push(node.selector || node.nodeLabel || '?')
    if (node.snippet) parts.push(node.snippet.length > 160 ? node.snippet.slice(0, 157) + '…' : node.snippet)
    if (node.explanation) parts.push(node.explanation.split('\n').slice(0, 2).join(' '))
  }
  const url = [item.url, item.source?.url, item.sourceLocation?.url, item.scriptUrl].find((u) => typeof u === 'string')
  if (url) {
    // A place in a script with its line and column, as DevTools counts them.
    const loc = [item.source, item.sourceLocation].find(
      (l) => l?.type === 'source-location' && (l.line > 0 || l.column > 0),
    )
    parts.push(loc ? `${shortUrl(url)}:${loc.line + 1}:${loc.column + 1}` : shortUrl(url))
  }
  for (const key of [
    'groupLabel',
    'label',
    'statistic',
    'reason',
    'issueType',
    'description',
    'directive',
    'text',
    'source',
  ]) {
    const v = item[key]
    if (typeof v === 'string' && v !== url) parts.push(v)
    // A cell of text or code, e.g. a reflow Lighthouse could not attribute.
    else if ((v?.type === 'text' || v?.type === 'code') && typeof v.value === 'string') parts.push(v.value)
  }
  if (item.value?.type === 'numeric') parts.push(String(item.value.value))
  if (typeof item.wastedBytes === 'number' && item.wastedBytes > 0) parts.push(`${kib(item.wastedBytes)} to save`)
  else if (typeof item.totalBytes === 'number' && item.totalBytes > 0) parts.push(kib(item.totalBytes))
  for (const key of ['wastedMs', 'duration', 'total', 'reflowTime']) {
    if (typeof item[key] === 'number' && item[key] > 0) {
      parts.push(`${Math.round(item[key])} ms`)
      break
    }
  }
  return parts.length ? parts.join(' — ') : undefined
}

/** The longest request chain of a network tree, one line. */
function describeChains(chains) {
  const hops = []
  for (let level = chains; level && Object.keys(level).length > 0;) {
    const all = Object.values(level)
    const next = all.find((c) => c.isLongest) ?? all[0]
    hops.push(`${shortUrl(next.url)} (${Math.round(next.navStartToEndTime)} ms, ${kib(next.transferSize)})`)
    level = next.children
  }
  return hops.length ? `longest chain: ${hops.join(' → ')}` : undefined
}

/** The rows an audit's details point at, flattened through lists and checklists. */
function describeDetails(details, out = []) {
  if (!details || typeof details !== 'object') return out
  switch (details.type) {
    case 'table':
    case 'opportunity':
      for (const item of details.items ?? []) out.push(describeItem(item))
      break
    case 'list':
      for (const item of details.items ?? []) describeDetails(item, out)
      break
    case 'list-section':
      // Only the tables and trees of a section: its text is a remark (e.g. that nothing was preconnected).
      if (details.value?.type !== 'text') describeDetails(details.value, out)
      break
    case 'network-tree':
      out.push(describeChains(details.chains))
      break
    case 'checklist':
      for (const check of Object.values(details.items ?? {})) {
        if (check && check.value === false) out.push(`not met: ${check.label}`)
      }
      break
    case 'node':
      out.push(describeItem(details))
      break
    case 'text':
      if (details.value) out.push(String(details.value))
      break
  }
  return out.filter(Boolean)
}

/** What one Lighthouse result says: scores, metrics and the audits that did not pass. */
function summarise(lhr, path) {
  const scores = {}
  for (const id of CATEGORIES) scores[id] = lhr.categories[id]?.score ?? null
  const metrics = {}
  for (const id of METRICS) {
    const a = lhr.audits[id]
    if (a) metrics[id] = { value: a.numericValue ?? null, score: a.score, display: a.displayValue ?? '' }
  }
  // An audit fails as the report shows it: scored and below 0.9, or errored.
  const audits = []
  const seen = new Map()
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id]
      // The metrics are shown apart; the hidden ones, as in the report, not at all.
      if (!a || METRICS.includes(ref.id) || ref.group === 'hidden') continue
      const failed =
        a.scoreDisplayMode === 'error' ||
        (['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode) && a.score !== null && a.score < 0.9)
      if (!failed) continue
      if (seen.has(a.id)) {
        seen.get(a.id).categories.push(id)
        continue
      }
      const items = describeDetails(a.details)
      const entry = {
        id: a.id,
        title: a.title,
        categories: [id],
        score: a.score,
        weight: ref.weight,
        display: a.displayValue ?? '',
        error: a.errorMessage ?? '',
        explanation: a.explanation ?? '',
        items: items.slice(0, 8),
        moreItems: Math.max(0, items.length - 8),
      }
      seen.set(a.id, entry)
      audits.push(entry)
    }
  }
  return {
    path,
    scores,
    metrics,
    audits,
    warnings: (lhr.runWarnings ?? []).map(String),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : '',
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  }
}

/** One Lighthouse run of a page in a new browser context: its result and, with ARTIFACTS, its HTML and JSON reports. */
async function audit(browser, p, session) {
  const path = await p.path(session)
  const context = await browser.createBrowserContext()
  try {
    if (p.signedIn) await context.setCookie(...session.browser)
    const page = await context.newPage()
    const result = await lighthouse(
      BASE_URL + path,
      { logLevel: 'error', output: ARTIFACTS ? ['html', 'json'] : 'json', onlyCategories: CATEGORIES },
      undefined,
      page,
    )
    if (!result) throw new Error(`${p.name}: Lighthouse returned nothing`)
    return result
  } finally {
    await context.close()
  }
}

async function main() {
  const started = Date.now()
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Lighthouse sets the screen: puppeteer's own 800×600 would fight it.
    defaultViewport: null,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const report = { lighthouse: lighthouseVersion, chromium: await browser.version(), pages: [] }
  try {
    const session = await signIn()
    const only = (process.env.WEBVITALS_PAGES ?? '').split(',').filter(Boolean)
    if (ARTIFACTS) mkdirSync(ARTIFACTS, { recursive: true })
    for (const p of pages.filter((p) => only.length === 0 || only.includes(p.name))) {
      const entry = { name: p.name, runs: [] }
      for (let i = 0; i < RUNS; i++) {
        const t0 = Date.now()
        let { lhr, report: files, artifacts } = await audit(browser, p, session)
        if (lhr.runtimeError) {
          // Lighthouse's own advice for a trace it could not read (NO_NAVSTART and the like).
          log(`${p.name} run ${i + 1}/${RUNS}: ${lhr.runtimeError.code}; running it again`)
          ;({ lhr, report: files, artifacts } = await audit(browser, p, session))
        }
        if (ARTIFACTS) {
          writeFileSync(join(ARTIFACTS, `${p.name}-${i + 1}.lighthouse.html`), files[0])
          writeFileSync(join(ARTIFACTS, `${p.name}-${i + 1}.lighthouse.json`), files[1])
          // The unthrottled trace Lighthouse simulated its metrics from: what it saw, task by task.
          if (artifacts?.Trace) {
            writeFileSync(join(ARTIFACTS, `${p.name}-${i + 1}.lighthouse-trace.json`), JSON.stringify(artifacts.Trace))
          }
        }
        const run = summarise(lhr, lhr.requestedUrl.slice(BASE_URL.length))
        run.seconds = (Date.now() - t0) / 1000
        report.settings ??= {
          formFactor: lhr.configSettings.formFactor,
          throttlingMethod: lhr.configSettings.throttlingMethod,
          throttling: lhr.configSettings.throttling,
          screen: lhr.configSettings.screenEmulation,
        }
        const pct = (s) => (s === null || s === undefined ? '-' : Math.round(s * 100))
        log(
          `${p.name} run ${i + 1}/${RUNS}: performance ${pct(run.scores.performance)}, accessibility ${pct(run.scores.accessibility)}, best practices ${pct(run.scores['best-practices'])}, SEO ${pct(run.scores.seo)} (${run.seconds.toFixed(0)} s)`,
        )
        entry.runs.push(run)
      }
      report.pages.push(entry)
    }
  } finally {
    await browser.close()
  }
  report.seconds = (Date.now() - started) / 1000
  const json = JSON.stringify(report, null, 1)
  if (process.env.LIGHTHOUSE_OUT) writeFileSync(process.env.LIGHTHOUSE_OUT, json)
  else process.stdout.write(json + '\n')
}

main().catch((err) => {
  console.error('lighthouse:', err)
  process.exit(1)
})

// The browser half of hack/webvitals: loads pages of a running Paryatan in
// Chromium as a mid-range phone on a slow network would, and writes what it
// measured as JSON. `go run ./hack/webvitals` starts the servers, runs this
// with node from the repository root, and prints the table; run it alone
// only against a server you started (see the environment variables below).
//
// Each run of a page is a new browser context (a cold HTTP cache, no
// cookies but a signed-in user's for the fare page) with:
//   - the Moto G4 device descriptor: 360×640 viewport, DPR 3, touch, its UA;
//   - CPU 4× slower (CDP Emulation.setCPUThrottlingRate);
//   - slow 4G (CDP Network.emulateNetworkConditions): 150 ms latency,
//     1.6 Mbit/s down, 750 kbit/s up.
// The web-vitals library (its attribution build, from the web workspace's
// node_modules) is injected before the app's scripts and reports every
// change; after load the script taps one control, the page's realistic
// interaction, then makes the page hidden so INP and CLS are final.
//
// Environment:
//   WEBVITALS_BASE_URL   the server, e.g. http://127.0.0.1:8080 (required)
//   CHROMIUM_PATH        the browser (hack/ensure-chromium.sh prints it)
//   WEBVITALS_RUNS       runs per page (default 3)
//   WEBVITALS_ROUTE, WEBVITALS_DATE  the trip (trip.mjs)
//   WEBVITALS_PAGES      which pages, comma-separated: home,results,fare (default all)
//   WEBVITALS_ARTIFACTS  a directory: for each run, a screenshot once loaded and one at the
//                        end, and a trace of the visit (DevTools' Performance panel opens
//                        it); tracing slows the page, so judge no figure of such a run
//   WEBVITALS_CPU        the CPU slowdown (default 4)
//   WEBVITALS_TAPS       taps on the results page's filter per load (default 1); with more,
//                        INP is the load's slowest, and every tap's duration is kept
//   WEBVITALS_OUT        where the JSON goes (default stdout)
// Progress goes to stderr.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DATE, FROM, farePathOf, resultsPath, SEARCH_PATH, searchBody, TO } from './trip.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Resolves a package as the web workspace sees it (its node_modules, then the root's). */
function resolveWeb(name) {
  for (const from of [join(root, 'web', 'package.json'), join(root, 'package.json')]) {
    try {
      return createRequire(from).resolve(name)
    } catch {
      // try the next place
    }
  }
  throw new Error(`${name} is not installed: run npm install at the repository root`)
}

const { chromium, devices, request } = createRequire(import.meta.url)(resolveWeb('playwright-core'))
const webVitalsSource = readFileSync(join(dirname(resolveWeb('web-vitals')), 'web-vitals.attribution.iife.js'), 'utf8')

const BASE_URL = process.env.WEBVITALS_BASE_URL
if (!BASE_URL) {
  console.error('webvitals: WEBVITALS_BASE_URL is not set (run it through `go run ./hack/webvitals`)')
  process.exit(2)
}
const RUNS = Math.max(1, Number(process.env.WEBVITALS_RUNS ?? 3) || 3)
const TAPS = Math.max(1, Number(process.env.WEBVITALS_TAPS ?? 1) || 1)

const DEVICE = 'Moto G4'
const CPU_SLOWDOWN = Number(process.env.WEBVITALS_CPU ?? 4) || 4
// Slow 4G as the benchmark defines it: bytes per second.
const NETWORK = { latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 }

// What the DevTools Performance panel records: tasks, rendering, JavaScript samples.
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'latencyInfo',
]

const log = (...args) => console.error('webvitals:', ...args)

/**
 * Runs in the page before its own scripts: web-vitals with every change
 * reported, each metric kept on window.__webVitals in a form that survives
 * serialisation (attribution reduced to selectors and numbers).
 */
function collector(wv) {
  if (window !== window.top) return
  const selector = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : undefined
    const parts = []
    for (let el = node; el && el.nodeType === 1 && parts.length < 4; el = el.parentElement) {
      let part = el.localName
      if (el.id) {
        parts.unshift(`${part}#${el.id}`)
        break
      }
      const testid = el.getAttribute('data-testid')
      if (testid) part += `[data-testid="${testid}"]`
      else if (typeof el.className === 'string' && el.className.trim()) {
        part += '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.')
      }
      parts.unshift(part)
    }
    return parts.join(' > ')
  }
  const rect = (r) => (r ? { x: r.x, y: r.y, width: r.width, height: r.height } : undefined)
  const out = (window.__webVitals = {})
  wv.onLCP(
    (m) => {
      const a = m.attribution
      out.LCP = {
        value: m.value,
        target: a.target,
        url: a.url,
        size: a.lcpEntry?.size,
        tag: a.lcpEntry?.element?.localName,
        text: a.lcpEntry?.element?.textContent?.trim().slice(0, 80),
        timeToFirstByte: a.timeToFirstByte,
        resourceLoadDelay: a.resourceLoadDelay,
        resourceLoadDuration: a.resourceLoadDuration,
        elementRenderDelay: a.elementRenderDelay,
      }
    },
    { reportAllChanges: true },
  )
  wv.onCLS(
    (m) => {
      const a = m.attribution
      out.CLS = {
        value: m.value,
        largestShiftTarget: a.largestShiftTarget,
        largestShiftValue: a.largestShiftValue,
        largestShiftTime: a.largestShiftTime,
        loadState: a.loadState,
        shifts: m.entries.map((e) => ({
          value: e.value,
          time: e.startTime,
          sources: (e.sources ?? []).map((s) => ({
            node: selector(s.node),
            from: rect(s.previousRect),
            to: rect(s.currentRect),
          })),
        })),
      }
    },
    { reportAllChanges: true },
  )
  wv.onINP(
    (m) => {
      const a = m.attribution
      const s = a.longestScript
      out.INP = {
        value: m.value,
        target: a.interactionTarget,
        type: a.interactionType,
        // The events that carry the work (not the hover and capture ones).
        events: [...new Set(a.processedEventEntries.map((e) => e.name))].filter((n) =>
          /^(pointerdown|pointerup|click|keydown|keyup|beforeinput|input|change|focusin)$/.test(n),
        ),
        inputDelay: a.inputDelay,
        processingDuration: a.processingDuration,
        presentationDelay: a.presentationDelay,
        loadState: a.loadState,
        longestScript: s
          ? {
              subpart: s.subpart,
              duration: s.intersectingDuration,
              source: s.entry.sourceURL,
              fn: s.entry.sourceFunctionName,
              invoker: s.entry.invoker,
            }
          : undefined,
        time: a.interactionTime,
        // Style and layout of the frames that rendered it (web-vitals'
        // own total counts frames that never reached rendering whole).
        styleAndLayout: a.longAnimationFrameEntries
          .filter((f) => f.styleAndLayoutStart > 0)
          .reduce((sum, f) => sum + f.startTime + f.duration - f.styleAndLayoutStart, 0),
        totalScriptDuration: a.totalScriptDuration,
      }
    },
    // 16 ms is the Event Timing floor: every interaction the browser times is kept.
    { reportAllChanges: true, durationThreshold: 16, includeProcessedEventEntries: true },
  )
  // Every interaction's duration by its first event's time, for the
  // pages that interact more than once (Event Timing: the longest event of
  // the interaction, from the input to the next paint).
  const interactions = (window.__interactions = {})
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue
      const seen = interactions[e.interactionId]
      interactions[e.interactionId] = {
        start: Math.min(seen?.start ?? e.startTime, e.startTime),
        duration: Math.max(seen?.duration ?? 0, e.duration),
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  wv.onFCP((m) => (out.FCP = { value: m.value }))
  wv.onTTFB((m) => (out.TTFB = { value: m.value }))
}

/** Makes the page hidden as a tab switch would: web-vitals then reports INP and CLS as final. */
async function hide(page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    Object.defineProperty(document, 'hidden', { value: true, configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('pagehide'))
  })
}

/** Counts what the page transfers (compressed, with headers) by resource type, from CDP. */
function meter(cdp) {
  const types = new Map()
  const bytes = { script: 0, scripts: 0, total: 0, requests: 0 }
  let counting = true
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
  cdp.on('Network.loadingFinished', (e) => {
    if (!counting) return
    bytes.total += e.encodedDataLength
    bytes.requests += 1
    if (types.get(e.requestId) === 'Script') {
      bytes.script += e.encodedDataLength
      bytes.scripts += 1
    }
  })
  return {
    bytes,
    stop() {
      counting = false
    },
  }
}

/** Waits until no request has finished for quiet ms (at most limit ms). */
async function settle(cdp, quiet = 700, limit = 15_000) {
  let last = Date.now()
  const seen = () => (last = Date.now())
  cdp.on('Network.loadingFinished', seen)
  cdp.on('Network.requestWillBeSent', seen)
  const start = Date.now()
  while (Date.now() - last < quiet && Date.now() - start < limit) {
    await new Promise((r) => setTimeout(r, 100))
  }
  cdp.off('Network.loadingFinished', seen)
  cdp.off('Network.requestWillBeSent', seen)
}

/**
 * One cold visit: a new context as the phone, throttled, the page loaded
 * until its network is quiet, then interact(page) and the metrics read.
 */
async function visit(browser, url, { ready, interact, storageState, artifacts }) {
  const context = await browser.newContext({ ...devices[DEVICE], storageState })
  try {
    await context.addInitScript({ content: `${webVitalsSource}\n;(${collector.toString()})(webVitals)` })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const m = meter(cdp)
    if (artifacts) await browser.startTracing(page, { path: `${artifacts}.trace.json`, categories: TRACE_CATEGORIES })
    const t0 = Date.now()
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await ready(page)
    await settle(cdp)
    m.stop()
    const loadedMs = Date.now() - t0
    if (artifacts) await page.screenshot({ path: `${artifacts}-loaded.png` })
    const extra = (await interact(page)) ?? {}
    // Event Timing entries arrive after the next paint; give them a moment.
    await page.waitForTimeout(1000)
    if (artifacts) {
      await browser.stopTracing()
      await page.screenshot({ path: `${artifacts}-end.png` })
    }
    await hide(page)
    await page.waitForTimeout(200)
    const vitals = await page.evaluate(() => window.__webVitals)
    return { ...vitals, bytes: m.bytes, loadedMs, ...extra }
  } finally {
    await context.close()
  }
}

/** Registers a user through the API (not throttled, not measured) and returns its cookies. */
async function signedInState() {
  const api = await request.newContext({
    baseURL: BASE_URL,
    // The server trusts loopback as a proxy: one address of its own keeps
    // the sign-in limits of other clients out of the way.
    extraHTTPHeaders: { 'X-Forwarded-For': '198.18.200.7' },
  })
  const email = `webvitals.${Date.now()}@example.in`
  const res = await api.post('/api/auth/register', {
    data: { fullName: 'Ananya Sharma', email, password: 'monsoon-trek-42' },
  })
  if (res.status() !== 201) throw new Error(`register: HTTP ${res.status()}: ${await res.text()}`)
  return { api, state: await api.storageState() }
}

/** The fare page of a fresh search's first result. */
async function farePath(api) {
  const res = await api.post(SEARCH_PATH, { data: searchBody })
  if (res.status() !== 200) throw new Error(`search: HTTP ${res.status()}: ${await res.text()}`)
  return farePathOf(await res.json())
}

const SHOWING = /Showing (\d+) of (\d+) flights/

/**
 * Taps a filter and returns when its pointer went down (the interaction's
 * start as Event Timing reports it) and how long until the list showed the
 * answer: the status line's text changes in the same render as the list,
 * and the time runs to the frame after that render.
 */
async function tapAndWatchList(page, target, watched = 'Showing \\d+ of \\d+ flights') {
  await page.evaluate((source) => {
    const pattern = new RegExp(source)
    const el = [...document.querySelectorAll('p, button')].find((e) => pattern.test(e.textContent))
    window.__tap = new Promise((done) => {
      let start = 0
      let tapped = 0
      addEventListener(
        'pointerdown',
        (e) => {
          start = e.timeStamp
          tapped = performance.now()
        },
        { capture: true, once: true },
      )
      new MutationObserver((_, obs) => {
        obs.disconnect()
        requestAnimationFrame(() => setTimeout(() => done({ start, listMs: performance.now() - tapped })))
      }).observe(el, { characterData: true, childList: true, subtree: true })
    })
  }, watched)
  await target.tap()
  return page.evaluate(() =>
    Promise.race([window.__tap, new Promise((r) => setTimeout(() => r({ start: -1, listMs: null }), 15_000))]),
  )
}

/** The pages, each with what "loaded" means and the interaction measured on it. */
const pages = [
  {
    name: 'home',
    path: () => '/',
    interaction: 'tap "One way" (trip type)',
    // The HTML brings the first screen, inert until the app renders over it: wait for the app's own.
    ready: async (page) => {
      await page.locator('#root > [inert]').waitFor({ state: 'detached', timeout: 30_000 })
      await page.getByRole('radio', { name: 'One way' }).waitFor({ state: 'attached', timeout: 30_000 })
    },
    interact: async (page) => {
      await page.getByText('One way', { exact: true }).tap()
      await page.waitForFunction(() => document.querySelector('input[type=radio][value=oneway]')?.checked, null, {
        timeout: 15_000,
      })
    },
  },
  {
    name: 'results',
    path: () => resultsPath,
    // On a phone the filters are in a sheet opened from the Filters button: each tap on an airline
    // there counts again the flights it would leave, over every result, before they are applied.
    interaction: 'open Filters, tap the first airline (the sheet counts the matches)',
    ready: (page) => page.getByText(SHOWING).waitFor({ timeout: 45_000 }),
    interact: async (page) => {
      const status = page.getByText(SHOWING)
      const before = SHOWING.exec((await status.textContent()) ?? '')
      const results = Number(before?.[2] ?? 0)
      await page.getByRole('button', { name: /^Filters/ }).tap()
      const sheet = page.getByRole('dialog', { name: 'Filters' })
      const airline = sheet.getByRole('group', { name: 'Airlines' }).locator('label').first()
      await airline.scrollIntoViewIfNeeded()
      await page.waitForTimeout(300)
      const label = ((await airline.textContent()) ?? '').trim()
      const show = sheet.getByRole('button', { name: /^Show \d+ flights?$/ })
      // The first tap ticks the airline, the next clears it, and so on.
      const taps = []
      let shownAfter = 0
      for (let i = 0; i < TAPS; i++) {
        if (i > 0) await page.waitForTimeout(300)
        taps.push(await tapAndWatchList(page, airline, '^Show \\d+ flights?$'))
        if (i === 0) shownAfter = Number(/\d+/.exec((await show.textContent()) ?? '')?.[0] ?? 0)
      }
      // Event Timing reports an interaction after its paint; give the last one a moment.
      await page.waitForTimeout(500)
      const durations = await page.evaluate((starts) => {
        const all = Object.values(window.__interactions)
        // An interaction shorter than Event Timing's 16 ms floor is not reported.
        return starts.map((t) => all.find((x) => Math.abs(x.start - t) < 1)?.duration ?? 16)
      }, taps.map((t) => t.start))
      return {
        results,
        shownAfter,
        filter: label,
        listUpdateMs: taps[0].listMs,
        taps: taps.map((t, i) => ({ ms: durations[i], listMs: t.listMs })),
      }
    },
  },
  {
    name: 'fare',
    signedIn: true,
    path: farePath,
    interaction: 'tap "Address line 1", type a character',
    ready: (page) => page.getByTestId('fare-price').waitFor({ timeout: 45_000 }),
    interact: async (page) => {
      const field = page.getByLabel('Address line 1')
      await field.scrollIntoViewIfNeeded()
      await page.waitForTimeout(300)
      await field.tap()
      await page.waitForTimeout(300)
      await page.keyboard.press('1')
    },
  },
]

async function main() {
  const started = Date.now()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  const { api, state } = await signedInState()
  const report = {
    chromium: browser.version(),
    device: { name: DEVICE, ...devices[DEVICE] },
    cpuSlowdown: CPU_SLOWDOWN,
    network: NETWORK,
    route: `${FROM}-${TO}`,
    date: DATE,
    pages: [],
  }
  try {
    const only = (process.env.WEBVITALS_PAGES ?? '').split(',').filter(Boolean)
    for (const p of pages.filter((p) => only.length === 0 || only.includes(p.name))) {
      const entry = { name: p.name, interaction: p.interaction, runs: [] }
      for (let i = 0; i < RUNS; i++) {
        const path = await p.path(api)
        entry.path ??= path
        const artifacts = process.env.WEBVITALS_ARTIFACTS
        const run = await visit(browser, BASE_URL + path, {
          ...p,
          storageState: p.signedIn ? state : undefined,
          artifacts: artifacts ? join(artifacts, `${p.name}-${i + 1}`) : undefined,
        })
        const fmt = (x, d = 0) => (typeof x === 'number' ? x.toFixed(d) : '-')
        log(
          `${p.name} run ${i + 1}/${RUNS}: LCP ${fmt(run.LCP?.value)} ms, CLS ${fmt(run.CLS?.value ?? 0, 3)}, INP ${fmt(run.INP?.value)} ms, JS ${(run.bytes.script / 1024).toFixed(1)} KiB`,
        )
        entry.runs.push(run)
      }
      report.pages.push(entry)
    }
  } finally {
    await api.dispose()
    await browser.close()
  }
  report.seconds = (Date.now() - started) / 1000
  const json = JSON.stringify(report, null, 1)
  if (process.env.WEBVITALS_OUT) writeFileSync(process.env.WEBVITALS_OUT, json)
  else process.stdout.write(json + '\n')
}

main().catch((err) => {
  console.error('webvitals:', err)
  process.exit(1)
})

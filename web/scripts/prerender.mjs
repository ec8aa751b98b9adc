// Writes the pages the server sends with their first screen already in
// #root, rendered from the app itself (src/prerender.tsx, built for Node into
// dist-ssr/ by `vite build --ssr`): each paints as the HTML arrives instead of
// after the scripts have loaded and run; the app then renders over it (its
// first render replaces what #root holds). Until then the copy is inert: a
// field typed into or a button pressed there would come to nothing.
//
// - dist/pages/index.html: the home page, sent for "/".
// - dist/pages/flights.html: the results page, sent for /flights, with the
//   parts that depend on the address laid out hidden (the server writes the
//   search line into the page as it sends it, internal/httpapi/first_screen.go,
//   and src/boot.ts writes it again), and the page's own scripts asked for
//   with the app's (modulepreload), not after it.
// - dist/pages/flights/fare.html: the fare page, sent for /flights/fare, its
//   itinerary laid out for src/boot.ts to draw from the quote it asks for,
//   and the code that draws it asked for with the app's (modulepreload).
// - dist/index.html, which the server sends for every other page: the frame
//   every page shares (the header over the loading page).
//
// The server sends dist/pages/<path>.html for the address <path> ("/" is
// index.html); internal/httpapi/spa.go.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const dist = new URL('../dist/', import.meta.url)
const ssr = new URL('../dist-ssr/', import.meta.url)
const manifestFile = new URL('.vite/manifest.json', dist)

/** The scripts the route module `source` runs, its own chunk first: their URLs, as the build named them. */
function scriptsOf(manifest, source) {
  const seen = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build's manifest has no ${key}`)
    if (seen.has(chunk.file)) return
    seen.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(source)
  return [...seen].map((file) => `/${file}`)
}

try {
  const { render, renderFrame, renderFlightResults, renderFlightFare } = await import(new URL('prerender.js', ssr).href)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const index = readFileSync(new URL('index.html', dist), 'utf8')
  const root = '<div id="root"></div>'
  if (!index.includes(root)) throw new Error(`dist/index.html has no ${root} to fill`)
  const fill = (html, scripts = []) => {
    // A script the app's entry already loads is asked for once.
    const preload = scripts
      .filter((src) => !index.includes(`"${src}"`))
      .map((src) => `<link rel="modulepreload" crossorigin href="${src}">`)
      .join('')
    return index.replace('</head>', `${preload}</head>`).replace(root, `<div id="root"><div inert>${html}</div></div>`)
  }
  // A page whose first screen is in its HTML paints without the app's code, so the app's scripts are
  // asked for at low priority: what the first screen needs comes first, the early script (boot.ts, which
  // starts the page's calls) and the code it draws the first screen with (`drawnWith`). The loading page
  // needs the app to show anything and keeps the default for all.
  const painted = (html, drawnWith = []) => {
    let lowered = 0
    const low = html.replace(
      /<(script type="module"|link rel="modulepreload") crossorigin (src|href)="([^"]+)"/g,
      (tag, kind, attr, src) => {
        if (src.startsWith('/assets/boot-') || drawnWith.includes(src)) return tag
        lowered++
        return `<${kind} crossorigin fetchpriority="low" ${attr}="${src}"`
      },
    )
    if (lowered === 0) throw new Error("the page names none of the app's scripts to ask for at low priority")
    return low
  }
  const write = (name, html, what) => {
    const file = new URL(name, dist)
    mkdirSync(new URL('.', file), { recursive: true })
    writeFileSync(file, html)
    console.log(`prerendered ${what} into dist/${name} (${(html.length / 1024).toFixed(1)} KB of HTML)`)
  }
  const fareFirstScreen = scriptsOf(manifest, 'src/app/fare-first-screen.ts')
  write('pages/index.html', painted(fill(render('/'))), 'the home page')
  write(
    'pages/flights.html',
    painted(fill(renderFlightResults(), scriptsOf(manifest, 'src/app/routes/flights-results.tsx'))),
    'the results page',
  )
  write('pages/flights/fare.html', painted(fill(renderFlightFare(), fareFirstScreen), fareFirstScreen), 'the fare page')
  write('index.html', fill(renderFrame()), 'the loading page')
} finally {
  rmSync(ssr, { recursive: true, force: true })
  // The manifest was for this script; the server has no use for it.
  rmSync(new URL('.vite/', dist), { recursive: true, force: true })
}

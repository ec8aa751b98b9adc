// Writes dist/home.html: dist/index.html with the home page's first screen
// already in #root, rendered from the app itself (src/prerender.tsx, built
// for Node into dist-ssr/ by `vite build --ssr`). The server sends it for "/",
// so the heading and the search panel paint as the HTML arrives instead of
// after the scripts have loaded and run; the app then renders over it (its
// first render replaces what #root holds). Until then the copy is inert: a
// field typed into or a button pressed there would come to nothing.
//
// It then fills dist/index.html, which the server sends for every other page,
// the same way with the frame every page shares (the header over the loading
// page): a page loaded afresh shows it as the HTML arrives.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'

const dist = new URL('../dist/', import.meta.url)
const ssr = new URL('../dist-ssr/', import.meta.url)
try {
  const { render, renderFrame } = await import(new URL('prerender.js', ssr).href)
  const index = readFileSync(new URL('index.html', dist), 'utf8')
  const root = '<div id="root"></div>'
  if (!index.includes(root)) throw new Error(`dist/index.html has no ${root} to fill`)
  const fill = (html) => index.replace(root, `<div id="root"><div inert>${html}</div></div>`)
  const page = render('/')
  writeFileSync(new URL('home.html', dist), fill(page))
  console.log(`prerendered / into dist/home.html (${(page.length / 1024).toFixed(1)} KB of HTML)`)
  const frame = renderFrame()
  writeFileSync(new URL('index.html', dist), fill(frame))
  console.log(`prerendered the loading page into dist/index.html (${(frame.length / 1024).toFixed(1)} KB of HTML)`)
} finally {
  rmSync(ssr, { recursive: true, force: true })
}

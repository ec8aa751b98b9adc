// Names src/boot.ts in index.html as a script of its own, ahead of the app's
// entry. The build makes it an entry beside index.html (vite.config.ts), and
// the app imports it too (they share the early calls), so Vite would only
// modulepreload it: it would then run when the app's whole module graph has
// loaded, which is what it exists to run before. As a script of its own it
// runs as soon as it and the HTML are in, in document order before the app.
import type { Plugin } from 'vite'

/** `html` with the boot script `src` as a script before the first module script (and no modulepreload link). */
export function withBootScript(html: string, src: string): string {
  const preload = new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${escape(src)}">`)
  const script = `<script type="module" crossorigin src="${src}"></script>`
  const out = html.replace(preload, '')
  const at = out.indexOf('<script type="module"')
  if (at < 0) throw new Error('index.html has no module script to put the boot script before')
  return `${out.slice(0, at)}${script}\n    ${out.slice(at)}`
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function bootScript(entry: string, devSrc: string): Plugin {
  return {
    name: 'paryatan:boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return withBootScript(html, devSrc) // the dev server
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === entry)
        if (!chunk) throw new Error(`the build has no chunk for ${entry}`)
        return withBootScript(html, `/${chunk.fileName}`)
      },
    },
  }
}

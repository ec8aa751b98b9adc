import { describe, expect, it } from 'vitest'
import { withBootScript } from './boot-script'

describe('withBootScript', () => {
  const built = [
    '<head>',
    '    <title>Paryatan</title>',
    '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-B.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/boot-C.js">',
    '  </head>',
  ].join('\n')

  it('runs the boot script on its own, before the app, instead of preloading it for the app', () => {
    const html = withBootScript(built, '/assets/boot-C.js')
    expect(html).not.toContain('href="/assets/boot-C.js"')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-B.js">')
    const boot = html.indexOf('<script type="module" crossorigin src="/assets/boot-C.js"></script>')
    expect(boot).toBeGreaterThan(html.indexOf('<title>'))
    expect(boot).toBeLessThan(html.indexOf('src="/assets/index-A.js"'))
  })

  it("adds it to the dev server's page, which preloads nothing", () => {
    const html = withBootScript('<body><script type="module" src="/src/main.tsx"></script></body>', '/src/boot.ts')
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/src\/boot.ts"><\/script>\s*<script type="module" src="\/src\/main.tsx">/,
    )
  })

  it('fails a page with no module script', () => {
    expect(() => withBootScript('<body></body>', '/assets/boot-C.js')).toThrow(/no module script/)
  })
})

import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Zstd } from '@hpcc-js/wasm-zstd'
import { build } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { packDir, precompress } from './precompress.ts'

const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'))
  dirs.push(dir)
  return dir
}

/** Writes files (path → content) under dir, making folders as needed. */
function write(dir: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
}

/** Text that packs well, like a script: n lines of a few repeating words and numbers. */
function script(n: number) {
  return Array.from(
    { length: n },
    (_, i) => `export const fare${i} = { from: 'BOM', to: 'DEL', paise: ${i * 7919} }`,
  ).join('\n')
}

const SUFFIXES = ['.zst', '.br', '.gz']

describe('packDir', () => {
  it('writes zstd, Brotli and gzip forms that unpack to each file, and skips what does not pay', async () => {
    const dir = tempDir()
    const app = script(400)
    const map = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="4" cx="10" cy="10"/>'.repeat(60)}</svg>`
    // Random bytes of 216 values: every coding saves 3 to 4 %, short of the 5 % a form must save.
    const noise = Buffer.from(randomBytes(8192).map((b) => b % 216))
    write(dir, {
      'assets/app-abc1.js': app,
      'images/map.svg': map,
      'assets/tiny-abc2.js': 'console.log(1);'.repeat(60), // 900 bytes that pack well
      'index.html': `<!doctype html><head>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head>`,
      'images/photo.png': Buffer.from(script(100)), // packs well, but not a text format
      'noise.json': noise,
      'noise.json.br': 'a stale form from an earlier build',
    })

    const summary = await packDir(dir)

    const zstd = await Zstd.load()
    for (const [name, content] of [
      ['assets/app-abc1.js', app],
      ['images/map.svg', map],
    ] as const) {
      const raw = Buffer.from(content)
      const file = path.join(dir, name)
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(raw)
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(raw)
      const zst = readFileSync(`${file}.zst`)
      expect(Buffer.from(zstd.decompress(zst))).toEqual(raw)
      // One frame whose window is the file (the single-segment flag, bit 5 of
      // the frame header's first byte), whatever the level: browsers decode it.
      expect(zst.readUInt32LE(0)).toBe(0xfd2fb528)
      expect(zst[4]! & 0x20).toBe(0x20)
      for (const suffix of SUFFIXES) expect(readFileSync(file + suffix).length).toBeLessThan(raw.length / 3)
    }
    // Under 1 KiB, the rewritten index.html, an image, and a file no coding shrinks by 5 %:
    // no siblings, and the stale one is gone.
    for (const name of ['assets/tiny-abc2.js', 'index.html', 'images/photo.png', 'noise.json']) {
      for (const suffix of SUFFIXES) expect(existsSync(path.join(dir, name + suffix)), name + suffix).toBe(false)
    }
    expect(readFileSync(path.join(dir, 'noise.json'))).toEqual(noise)
    expect(summary.zstd.files).toBe(2)
    expect(summary.br).toMatchObject({ files: 2, rawBytes: app.length + map.length })
    expect(summary.gzip.packedBytes).toBeGreaterThan(summary.br.packedBytes)
  })

  it('packs nothing twice: a second run leaves the same files', async () => {
    const dir = tempDir()
    write(dir, { 'assets/app-abc1.js': script(200) })
    await packDir(dir)
    const first = readdirSync(dir, { recursive: true }).sort()
    const summary = await packDir(dir)
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual(first)
    expect(summary.gzip.files).toBe(1)
  })
})

describe('precompress', () => {
  it('packs the bundle and the public folder’s files once the build has written them', async () => {
    const root = tempDir()
    write(root, {
      'index.html':
        '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
      'main.js': `${script(300)}\nconsole.log(fare1)\n`,
      'public/airports.min.json': JSON.stringify(
        Array.from({ length: 200 }, (_, i) => ({ code: `A${i}`, city: 'Mumbai' })),
      ),
    })
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [precompress()],
      build: { outDir: 'dist', minify: false },
    })
    const out = path.join(root, 'dist')
    const scripts = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'))
    expect(scripts).toHaveLength(1)
    for (const suffix of SUFFIXES) {
      expect(existsSync(path.join(out, 'assets', scripts[0]! + suffix)), suffix).toBe(true)
      expect(existsSync(path.join(out, `airports.min.json${suffix}`)), suffix).toBe(true)
      expect(existsSync(path.join(out, `index.html${suffix}`)), suffix).toBe(false)
    }
    expect(gunzipSync(readFileSync(path.join(out, 'airports.min.json.gz')))).toEqual(
      readFileSync(path.join(out, 'airports.min.json')),
    )
  })
})

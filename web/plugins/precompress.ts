// Packs the built app's text files once, at build time, at each coding's best
// level: next to every file worth it, `x.js.zst`, `x.js.br` and `x.js.gz`. The
// API server embeds them with the app and sends the one a browser accepts
// (internal/httpapi/spa.go), so it never packs these files itself and the
// first visitor after a release waits for nothing.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib'
import { Zstd } from '@hpcc-js/wasm-zstd'
import type { Plugin } from 'vite'

/** The extensions of the text formats worth packing; the server's list (spa.go) is the same. */
const PACKED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.map',
  '.xml',
])

/**
 * Files never packed: the server rewrites index.html at start (it adds the
 * runtime configuration) and packs its own copy, so siblings would be dead
 * weight in the binary.
 */
const UNPACKED = new Set(['index.html'])

/** Smallest file worth packing, in bytes: below it the headers outweigh the saving. */
const MIN_SIZE = 1024

/** Smallest saving, as a share of the file, for which a packed form is kept. */
const MIN_SAVING = 0.05

/**
 * zstd level 22, the highest ("ultra"). Each file is one frame that states its
 * size, so the decoder's window is the file itself, however high the level.
 */
const ZSTD_LEVEL = 22

/**
 * Browsers decode zstd with at most an 8 MiB window (RFC 9659): a larger file
 * gets no zstd form, as its one-frame window would be the whole file.
 */
const ZSTD_MAX_SIZE = 8 << 20

/** A content coding and the suffix of its sibling files, in the server's order of preference. */
const CODINGS = [
  { coding: 'zstd', suffix: '.zst' },
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const

type Coding = (typeof CODINGS)[number]['coding']

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** What packing a folder wrote: per coding, the files packed and their bytes before and after. */
export type PackSummary = Record<Coding, { files: number; rawBytes: number; packedBytes: number }>

/** Whether a file (path relative to the output folder, with `/`) is one to pack, by name and size. */
function worthPacking(file: string, size: number): boolean {
  return !UNPACKED.has(file) && size >= MIN_SIZE && PACKED_EXTENSIONS.has(path.extname(file))
}

/**
 * Packs every file under dir that is worth it, writing each packed form that
 * saves at least MIN_SAVING next to its file and removing a stale one that
 * does not. Every form is unpacked again and compared with its file before it
 * is written: the server sends them as they are.
 */
export async function packDir(dir: string): Promise<PackSummary> {
  const zstd = await Zstd.load()
  const summary = Object.fromEntries(
    CODINGS.map(({ coding }) => [coding, { files: 0, rawBytes: 0, packedBytes: 0 }]),
  ) as PackSummary
  const names = (await readdir(dir, { recursive: true })).map((name) => name.split(path.sep).join('/')).sort()
  const pending: Promise<void>[] = []
  for (const name of names) {
    const file = path.join(dir, name)
    const info = await stat(file)
    if (!info.isFile() || !worthPacking(name, info.size)) continue
    const raw = await readFile(file)
    const keep = async (coding: Coding, packed: Uint8Array | undefined) => {
      const { suffix } = CODINGS.find((c) => c.coding === coding)!
      if (packed === undefined || packed.length > raw.length * (1 - MIN_SAVING)) {
        await rm(file + suffix, { force: true })
        return
      }
      if (!raw.equals(unpack(coding, packed, zstd))) throw new Error(`${coding} form of ${name} does not unpack to it`)
      await writeFile(file + suffix, packed)
      summary[coding].files++
      summary[coding].rawBytes += raw.length
      summary[coding].packedBytes += packed.length
    }
    // Brotli and gzip run on Node's thread pool while zstd (WebAssembly) runs here.
    pending.push(
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          // The largest window every browser decodes: the "large window"
          // extension (BROTLI_PARAM_LARGE_WINDOW) is not HTTP's br.
          [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }).then((packed) => keep('br', packed)),
      gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION, memLevel: constants.Z_MAX_MEMLEVEL }).then((packed) =>
        keep('gzip', packed),
      ),
    )
    pending.push(keep('zstd', raw.length <= ZSTD_MAX_SIZE ? zstd.compress(raw, ZSTD_LEVEL) : undefined))
  }
  await Promise.all(pending)
  return summary
}

function unpack(coding: Coding, packed: Uint8Array, zstd: Zstd): Buffer {
  switch (coding) {
    case 'zstd':
      return Buffer.from(zstd.decompress(packed))
    case 'br':
      return brotliDecompressSync(packed)
    case 'gzip':
      return gunzipSync(packed)
  }
}

/**
 * The Vite plugin: once the build has written everything (the bundle and the
 * public folder's files), packs the output folder with packDir and prints
 * what each coding saved.
 */
export function precompress(): Plugin {
  let outDir = ''
  let written = false
  let log: (line: string) => void = () => {}
  return {
    name: 'paryatan-precompress',
    // The client build's output only: the prerender's server build (scripts/prerender.mjs) has none of it.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      log = (line) => config.logger.info(line)
    },
    writeBundle() {
      written = true
    },
    async closeBundle() {
      // closeBundle also follows a failed build, which wrote nothing to pack.
      if (!written) return
      written = false
      const started = performance.now()
      const summary = await packDir(outDir)
      const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      log(
        `packed in ${seconds}s: ` +
          CODINGS.map(({ coding }) => {
            const s = summary[coding]
            return `${coding} ${s.files} files ${kB(s.rawBytes)} → ${kB(s.packedBytes)}`
          }).join(', '),
      )
    },
  }
}

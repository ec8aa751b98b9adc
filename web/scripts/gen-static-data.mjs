// Generates the static airport and airline lists the flight screens read at run
// time (public/airports.min.json, public/airlines.min.json) from the OpenFlights
// data shipped by two npm packages. Output is sorted so that the same input
// always gives byte-identical files.
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { airlineNames, clean, readActiveAirlines, readAirports } from '../../hack/openflights.mjs'

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public')

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

const airports = buildAirports(readAirports('gen-static-data'))
const airlines = airlineNames(readActiveAirlines())

if (airports.length < 1000) throw new Error(`gen-static-data: only ${airports.length} airports, refusing to write`)
if (Object.keys(airlines).length < 100) throw new Error('gen-static-data: too few airlines, refusing to write')

writeFileSync(join(publicDir, 'airports.min.json'), JSON.stringify(airports) + '\n')
writeFileSync(join(publicDir, 'airlines.min.json'), JSON.stringify(airlines) + '\n')
console.log(`gen-static-data: ${airports.length} airports, ${Object.keys(airlines).length} airlines`)

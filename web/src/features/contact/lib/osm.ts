/** The origin the maps are embedded from (the API's Content-Security-Policy allows it in frame-src). */
export const OSM_ORIGIN = 'https://www.openstreetmap.org'

/** Half the width and height of the embedded map, in degrees: a few streets around the office. */
const SPAN = 0.006

const fixed = (n: number) => n.toFixed(5)

/** OpenStreetMap's embeddable map around a point, with a marker on it. */
export function osmEmbedUrl(lat: number, lon: number): string {
  const bbox = [lon - SPAN, lat - SPAN, lon + SPAN, lat + SPAN].map(fixed).join(',')
  return `${OSM_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${fixed(lat)},${fixed(lon)}`
}

/** The full OpenStreetMap page for a point, zoomed to street level, with a marker. */
export function osmPageUrl(lat: number, lon: number): string {
  return `${OSM_ORIGIN}/?mlat=${fixed(lat)}&mlon=${fixed(lon)}#map=17/${fixed(lat)}/${fixed(lon)}`
}

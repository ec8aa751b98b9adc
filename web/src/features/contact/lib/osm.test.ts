import { describe, expect, it } from 'vitest'
import { osmEmbedUrl, osmPageUrl } from './osm'

describe('office maps', () => {
  it('embeds a small box around the office with a marker on it', () => {
    expect(osmEmbedUrl(28.4951, 77.0888)).toBe(
      'https://www.openstreetmap.org/export/embed.html?bbox=77.08280,28.48910,77.09480,28.50110&layer=mapnik&marker=28.49510,77.08880',
    )
  })

  it('links to the full map at street level', () => {
    expect(osmPageUrl(19.0655, 72.8652)).toBe(
      'https://www.openstreetmap.org/?mlat=19.06550&mlon=72.86520#map=17/19.06550/72.86520',
    )
  })
})

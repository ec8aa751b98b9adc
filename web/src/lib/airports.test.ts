import { describe, expect, it } from 'vitest'
import { loadAirports } from './airports'

const ok = (body: string) => async () =>
  new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })

describe('loadAirports', () => {
  it('returns the list', async () => {
    const list = [
      {
        code: 'DEL',
        city: 'Delhi',
        name: 'Indira Gandhi International Airport',
        country: 'India',
        label: 'Delhi (DEL)',
      },
    ]
    await expect(loadAirports(ok(JSON.stringify(list)))).resolves.toEqual(list)
  })

  it('gives an empty list on failure, non-array or bad JSON', async () => {
    await expect(loadAirports(async () => new Response('', { status: 404 }))).resolves.toEqual([])
    await expect(loadAirports(ok('{"code":"DEL"}'))).resolves.toEqual([])
    await expect(loadAirports(ok('<html>'))).resolves.toEqual([])
    await expect(
      loadAirports(async () => {
        throw new TypeError('offline')
      }),
    ).resolves.toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import {
  conciergeCheck,
  conciergeDefaults,
  conciergeInput,
  conciergeMail,
  conciergePrefill,
  cruiseSummary,
  NAME_NEEDED,
} from './concierge'

const prefill = (query: string) => conciergePrefill(new URLSearchParams(query))

describe('concierge hand-offs', () => {
  it('is Direct with nothing to prefill when opened without a query', () => {
    expect(prefill('')).toEqual({ source: 'Direct', blog: undefined, destinations: '', notes: '', cruise: undefined })
  })

  it('reads a blog slug as the source and notes where the traveller came from', () => {
    const p = prefill('from=monsoon-in-kerala')
    expect(p.source).toBe('monsoon-in-kerala')
    expect(p.blog).toBe('monsoon-in-kerala')
    expect(p.notes).toBe('Found via blog: monsoon-in-kerala')
  })

  it.each(['home', 'cruises', 'contact', 'offers', 'holidays', 'mice', 'visas'])(
    'takes from=%s as the page it came from, not a blog',
    (page) => {
      const p = prefill(`from=${page}`)
      expect(p.source).toBe(page)
      expect(p.blog).toBeUndefined()
      expect(p.notes).not.toContain('Found via blog')
    },
  )

  it('ignores a from that is no slug', () => {
    expect(prefill('from=%3Cscript%3E').source).toBe('Direct')
    expect(prefill('from=a b').notes).toBe('')
  })

  it('fills the destination from a home page holiday card and names what was clicked', () => {
    const p = prefill('from=home&topic=holidays&card=Bali%20Escape')
    expect(p.destinations).toBe('Bali Escape')
    expect(p.notes).toBe('Interested in the holiday: Bali Escape')
    expect(p.source).toBe('home')
  })

  it('names a stopover card', () => {
    const p = prefill('from=home&topic=stopover&card=Dubai%20Stopover')
    expect(p.destinations).toBe('Dubai Stopover')
    expect(p.notes).toBe('Interested in a stopover: Dubai Stopover')
  })

  it('names an offers or holiday package card with its page', () => {
    expect(prefill('from=offers&card=Maldives%20Sale').notes).toBe(
      'Interested in: Maldives Sale (from the offers page)',
    )
    expect(prefill('from=holidays&card=Goa').destinations).toBe('Goa')
  })

  it("takes the cruise search's destination, port, dates, duration and travellers", () => {
    const p = prefill('from=cruises&to=Alaska&port=Seattle&dates=June%202027&duration=8–10%20nights&pax=2%20adults')
    expect(p.cruise).toEqual({
      destination: 'Alaska',
      port: 'Seattle',
      dates: 'June 2027',
      duration: '8–10 nights',
      travellers: '2 adults',
    })
    expect(cruiseSummary(p.cruise!)).toBe('Alaska · from Seattle · June 2027 · 8–10 nights · 2 adults')
  })

  it('takes a cruise destination card alone, and no cruise from "Start a chat"', () => {
    expect(prefill('from=cruises&to=Norway%20and%20Iceland').cruise).toEqual({
      destination: 'Norway and Iceland',
      port: '',
      dates: '',
      duration: '',
      travellers: '',
    })
    expect(prefill('from=cruises').cruise).toBeUndefined()
    expect(prefill('from=offers&to=Alaska').cruise).toBeUndefined()
  })

  it('keeps hand-off values to one bounded line', () => {
    const p = prefill(`from=cruises&to=${encodeURIComponent('Alaska\nand more')}&port=${'x'.repeat(300)}`)
    expect(p.cruise?.destination).toBe('Alaska and more')
    expect(p.cruise?.port).toHaveLength(100)
  })
})

describe('concierge rules', () => {
  it('selects luxury by default and fills name and e-mail from the account', () => {
    const d = conciergeDefaults(prefill('from=monsoon-in-kerala'), { fullName: 'Asha Rao', email: 'asha@example.in' })
    expect(d.styles).toEqual(['luxury'])
    expect(d.name).toBe('Asha Rao')
    expect(d.email).toBe('asha@example.in')
    expect(d.notes).toBe('Found via blog: monsoon-in-kerala')
  })

  it('asks to sign in when there is no e-mail, typed or from the account, before anything else', () => {
    expect(conciergeCheck({ name: '', email: '  ' })).toEqual({ kind: 'signIn' })
    expect(conciergeCheck({ name: '', email: '' }, 'asha@example.in')).toEqual({
      kind: 'invalid',
      field: 'name',
      message: NAME_NEEDED,
    })
    expect(conciergeCheck({ name: ' ', email: 'a@b.in' })).toMatchObject({ field: 'name', message: NAME_NEEDED })
    expect(conciergeCheck({ name: 'Asha', email: 'asha' })).toMatchObject({ field: 'email' })
    expect(conciergeCheck({ name: 'Asha', email: 'a@b.in' })).toEqual({ kind: 'ok' })
  })

  it('sends the edited cruise as the request’s cruise object, trimmed, with the source', () => {
    const v = {
      ...conciergeDefaults(prefill('from=cruises&to=Alaska&port=Seattle&duration=8–10 nights&pax=2 adults')),
      name: ' Asha ',
      email: 'a@b.in',
      styles: ['beach' as const, 'luxury' as const],
    }
    v.cruise = { ...v.cruise!, port: ' Vancouver ' }
    expect(conciergeInput(v, 'cruises')).toMatchObject({
      kind: 'concierge',
      name: 'Asha',
      styles: ['luxury', 'beach'],
      source: 'cruises',
      cruise: { destination: 'Alaska', port: 'Vancouver', duration: '8–10 nights', travellers: '2 adults' },
    })
    expect(conciergeMail(v, 'cruises')).toMatchObject({
      to: 'holidays@paryatan.in',
      subject: 'Concierge request from Asha',
    })
    expect(conciergeMail(v, 'cruises').body).toContain('Cruise: Alaska · from Vancouver · 8–10 nights · 2 adults')
  })
})

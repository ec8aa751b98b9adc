import { describe, expect, it } from 'vitest'
import { consumeTarget, safeReturnPath, shouldRedirectToPartner } from './consume-target'

const PARTNER = 'https://visa.partner.example'

describe('consumeTarget', () => {
  it('passes the ticket and the ret value to the partner consume path', () => {
    expect(consumeTarget('?ticket=abc123&ret=/go-for-visa?country=ae', PARTNER)).toBe(
      `${PARTNER}/sso/consume?ticket=abc123&ret=${encodeURIComponent('/go-for-visa?country=ae')}`,
    )
  })

  it('falls back to the return value, then to /go-for-visa', () => {
    expect(consumeTarget('ticket=t1&return=/account/trips', PARTNER)).toBe(
      `${PARTNER}/sso/consume?ticket=t1&ret=${encodeURIComponent('/account/trips')}`,
    )
    expect(consumeTarget('ticket=t1', PARTNER)).toBe(
      `${PARTNER}/sso/consume?ticket=t1&ret=${encodeURIComponent('/go-for-visa')}`,
    )
    expect(consumeTarget('ticket=t1&ret=', PARTNER)).toContain(`ret=${encodeURIComponent('/go-for-visa')}`)
  })

  it('prefers ret over return', () => {
    expect(consumeTarget('ticket=t&ret=/a&return=/b', PARTNER)).toContain(`ret=${encodeURIComponent('/a')}`)
  })

  it('encodes the ticket', () => {
    expect(consumeTarget(new URLSearchParams({ ticket: 'a b&c=d' }), PARTNER)).toContain('ticket=a%20b%26c%3Dd&')
  })

  it('replaces return paths that could leave the site', () => {
    for (const bad of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'go-for-visa', '/a\nb']) {
      expect(safeReturnPath(bad)).toBe('/go-for-visa')
    }
    expect(safeReturnPath('/go-for-visa?x=1')).toBe('/go-for-visa?x=1')
  })

  it('builds a same-origin target when no partner is configured', () => {
    expect(consumeTarget('ticket=t', '')).toBe(`/sso/consume?ticket=t&ret=${encodeURIComponent('/go-for-visa')}`)
  })
})

describe('shouldRedirectToPartner', () => {
  it('redirects only to a configured partner on another origin', () => {
    expect(shouldRedirectToPartner(PARTNER, 'https://paryatan.in')).toBe(true)
    expect(shouldRedirectToPartner('', 'https://paryatan.in')).toBe(false)
    expect(shouldRedirectToPartner('https://paryatan.in', 'https://paryatan.in')).toBe(false)
  })
})

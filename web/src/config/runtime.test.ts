import { afterEach, describe, expect, it } from 'vitest'
import { getRuntimeConfig, normaliseOrigin } from './runtime'

describe('runtime config', () => {
  afterEach(() => {
    delete window.__PARYATAN_CONFIG__
    document.head.querySelectorAll('meta[name="paryatan-config"]').forEach((m) => m.remove())
  })

  it('defaults to no partner origin', () => {
    expect(getRuntimeConfig().visaPartnerOrigin).toBe('')
  })

  it('reads window.__PARYATAN_CONFIG__', () => {
    window.__PARYATAN_CONFIG__ = { visaPartnerOrigin: 'https://visa.example.in/some/path' }
    expect(getRuntimeConfig().visaPartnerOrigin).toBe('https://visa.example.in')
  })

  it('reads the meta tag when no global is set', () => {
    const meta = document.createElement('meta')
    meta.name = 'paryatan-config'
    meta.content = JSON.stringify({ visaPartnerOrigin: 'http://127.0.0.1:9090' })
    document.head.appendChild(meta)
    expect(getRuntimeConfig().visaPartnerOrigin).toBe('http://127.0.0.1:9090')
  })

  it('rejects values that are not http(s) origins', () => {
    expect(normaliseOrigin('javascript:alert(1)')).toBe('')
    expect(normaliseOrigin('not a url')).toBe('')
    expect(normaliseOrigin(42)).toBe('')
  })
})

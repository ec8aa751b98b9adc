import { describe, expect, it } from 'vitest'
import { returnTarget, safeReturnPath, withReturnPath } from './return-path'

describe('safeReturnPath', () => {
  it.each([
    ['/contact', '/contact'],
    ['/flights?from=BOM&to=DEL#top', '/flights?from=BOM&to=DEL#top'],
    ['/', '/'],
    ['//evil.example', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['/a\\b', '/'],
    ['/\t/evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['contact', '/'],
    ['', '/'],
  ])('%j → %j', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected)
  })

  it('accepts only strings', () => {
    expect(safeReturnPath(undefined)).toBe('/')
    expect(safeReturnPath({ pathname: '/x' })).toBe('/')
  })
})

describe('returnTarget', () => {
  it('prefers ret, then the from state, then /', () => {
    expect(returnTarget(new URLSearchParams('ret=/contact'), { from: '/offers' })).toBe('/contact')
    expect(returnTarget(new URLSearchParams(''), { from: '/offers?x=1' })).toBe('/offers?x=1')
    expect(returnTarget(new URLSearchParams(''), null)).toBe('/')
  })

  it('sends an unsafe ret home rather than to the from state', () => {
    expect(returnTarget(new URLSearchParams('ret=//evil.example'), { from: '/offers' })).toBe('/')
  })
})

describe('withReturnPath', () => {
  it('carries a return target other than home', () => {
    expect(withReturnPath('/auth/register', '/contact?topic=mice')).toBe('/auth/register?ret=%2Fcontact%3Ftopic%3Dmice')
    expect(withReturnPath('/auth/register', '/')).toBe('/auth/register')
  })
})

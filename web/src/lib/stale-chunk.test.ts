import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadPage } from './reload-page'
import { isChunkLoadError, RELOAD_WINDOW_MS, reloadForFailedChunk } from './stale-chunk'

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }))

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://paryatan.in/assets/flights-fare-Dx1.js',
    'error loading dynamically imported module: https://paryatan.in/assets/mice-Ab2.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/x.css',
  ])('knows %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('leaves other errors to the page', () => {
    expect(isChunkLoadError(new Error('the page broke'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
})

describe('reloadForFailedChunk', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => {
    vi.mocked(reloadPage).mockClear()
    vi.restoreAllMocks()
  })

  it('reloads once per address, and again once the window has passed', () => {
    const t = 1_000_000
    expect(reloadForFailedChunk(t)).toBe(true)
    expect(reloadPage).toHaveBeenCalledTimes(1)
    // The reloaded page fails the same way: the chunk is not coming back.
    expect(reloadForFailedChunk(t + 2_000)).toBe(false)
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(reloadForFailedChunk(t + RELOAD_WINDOW_MS)).toBe(true)
    expect(reloadPage).toHaveBeenCalledTimes(2)
  })

  it('reloads another address that fails right after', () => {
    expect(reloadForFailedChunk(5_000)).toBe(true)
    window.history.pushState(null, '', '/mice')
    try {
      expect(reloadForFailedChunk(6_000)).toBe(true)
    } finally {
      window.history.pushState(null, '', '/')
    }
    expect(reloadPage).toHaveBeenCalledTimes(2)
  })

  it('does not reload where it could not tell a loop (no session storage)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(reloadForFailedChunk()).toBe(false)
    expect(reloadPage).not.toHaveBeenCalled()
  })
})

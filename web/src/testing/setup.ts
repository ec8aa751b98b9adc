import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { toaster } from '@/components/ui/toaster'
import { server } from './server'

// findBy… and waitFor wait up to 15 s rather than 1 s: on a loaded two-core machine the
// first visit of a lazy route (its modules transformed on first import) has taken 9 s.
configure({ asyncUtilTimeout: 15_000 })

// jsdom lacks a few browser APIs that Chakra's components and the layout use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
Element.prototype.scrollTo ??= function scrollTo() {}
Element.prototype.scrollIntoView ??= function scrollIntoView() {}

// Every call a test makes must be one it expects: MSW answers an unknown one with a
// network error and prints it, and the test fails after it ends even when the app
// swallowed that error (as the session check does).
const unhandled: string[] = []
server.events.on('request:unhandled', ({ request }) => {
  const url = new URL(request.url)
  unhandled.push(`${request.method} ${url.pathname}${url.search}`)
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

afterEach(() => {
  cleanup()
  server.resetHandlers()
  // The toast queue lives in a module: start every test without the previous one's toasts.
  toaster.remove()
  window.sessionStorage.clear()
  const missed = unhandled.splice(0)
  if (missed.length > 0) throw new Error(`calls no handler answered: ${missed.join(', ')}`)
})

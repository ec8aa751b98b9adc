import { screen, waitFor } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadPage } from '@/lib/reload-page'
import { renderWithProviders } from '@/testing/test-utils'
import { ErrorBoundary } from './error-boundary'

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }))

/** A part of the shell (the footer, a dialog) whose chunk fails as the given error. */
function shellPart(error: Error) {
  const Part = lazy(() => Promise.reject(error))
  return (
    <ErrorBoundary fallback={<h1>Something went wrong</h1>}>
      <p>The header</p>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </ErrorBoundary>
  )
}

describe('the app-wide error boundary', () => {
  beforeEach(() => {
    sessionStorage.clear()
    // React reports the caught error on the console; what the visitor gets is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.mocked(reloadPage).mockClear()
    vi.restoreAllMocks()
  })

  it('loads the app again when a part of the shell cannot be fetched, instead of a blank page', async () => {
    renderWithProviders(shellPart(new TypeError('Failed to fetch dynamically imported module: /assets/footer-X1.js')))
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1))
    expect(screen.queryByText('The header')).not.toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
  })

  it('shows its fallback for any other failure, without loading again', async () => {
    renderWithProviders(shellPart(new Error('the footer broke')))
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(reloadPage).not.toHaveBeenCalled()
  })
})

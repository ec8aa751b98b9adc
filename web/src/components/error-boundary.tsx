import { Component, type ReactNode } from 'react'
import { isChunkLoadError, reloadForFailedChunk } from '@/lib/stale-chunk'

interface ErrorBoundaryProps {
  children: ReactNode
  /** Shown in place of the children once they fail. */
  fallback: ReactNode
  /** A page's history key: moving to another page (or the same one again) clears the error. */
  resetKey?: string
}

interface ErrorBoundaryState {
  failed: boolean
  /** The resetKey the children failed at, once known. */
  failedAt: string | null
  /** A chunk failed to load and the page is loading again: nothing is shown meanwhile. */
  reloading: boolean
}

/**
 * Catches children that fail to render, or whose code could not be fetched, and shows the fallback
 * until resetKey changes. A chunk that could not be fetched (a tab opened before a release, or a
 * dropped connection) loads the page again instead, once (reloadForFailedChunk).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, failedAt: null, reloading: false }

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true, failedAt: null }
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (!state.failed) return null
    if (state.failedAt === null) return { failedAt: props.resetKey ?? '' }
    return state.failedAt === (props.resetKey ?? '') ? null : { failed: false, failedAt: null, reloading: false }
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && reloadForFailedChunk()) this.setState({ reloading: true })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return this.state.reloading ? null : this.props.fallback
  }
}

import { reloadPage } from './reload-page'

/**
 * What browsers say when a script chunk (a dynamic import, or a file Vite preloads for one) could
 * not be fetched: Chromium, Firefox, Safari, and Vite's own preload helper.
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i

/** Whether an error is a chunk of the app that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message)
}

const KEY = 'paryatan:chunk-reload'

/** A second failure within this long of the reload is not a new version: the page shows its error. */
export const RELOAD_WINDOW_MS = 30_000

/**
 * Loads the page again after a chunk failed to load, once per address per RELOAD_WINDOW_MS.
 *
 * A tab opened before a release asks for chunks of the old build, which the new one no longer
 * serves; the page loaded again names the new build's. A passing network failure is retried the
 * same way. React keeps a failed import (React.lazy caches its rejection), so nothing short of a
 * reload fetches it again. The once-per-address rule ends a loop where the chunk is missing from
 * the new build too. Returns whether it reloads; without session storage it does not, as it could
 * not tell a loop.
 */
export function reloadForFailedChunk(now = Date.now()): boolean {
  const href = window.location.href
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { href?: string; at?: number } | null
    if (last?.href === href && typeof last.at === 'number' && now - last.at < RELOAD_WINDOW_MS) return false
    sessionStorage.setItem(KEY, JSON.stringify({ href, at: now }))
  } catch {
    return false
  }
  reloadPage()
  return true
}

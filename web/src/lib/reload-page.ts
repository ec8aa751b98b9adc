/** Reloads the current page from the server (kept apart so tests can replace it). */
export function reloadPage(): void {
  window.location.reload()
}

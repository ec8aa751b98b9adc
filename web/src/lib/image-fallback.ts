/**
 * Images are published as either JPEG or WebP, and not every file exists in
 * both forms. When an image fails, the same-origin path with the other
 * extension is probed with HEAD and, if it exists, swapped in. Each image gets
 * one attempt; an image that fails again after the swap stays failed.
 */

export type FallbackOutcome = 'replaced' | 'failed'

type Fetcher = (input: string, init?: RequestInit) => Promise<Response>

interface Attempt {
  /** Absolute URLs this attempt covers: the source that failed and the one tried instead. */
  sources: Set<string>
  settled: boolean
  promise: Promise<FallbackOutcome>
}

const attempts = new WeakMap<HTMLImageElement, Attempt>()

/** The path with its image extension swapped, or null when there is no alternative. */
export function swapImageExtension(pathname: string): string | null {
  if (/\.jpe?g$/i.test(pathname)) return pathname.replace(/\.jpe?g$/i, '.webp')
  if (/\.webp$/i.test(pathname)) return pathname.replace(/\.webp$/i, '.jpg')
  return null
}

/** The same-origin path (plus query) to try instead of the image's current source, or null. */
export function fallbackSourceFor(img: HTMLImageElement, base: Location | URL = window.location): string | null {
  const current = img.currentSrc || img.getAttribute('src') || ''
  if (!current || current.startsWith('data:') || current.startsWith('blob:')) return null
  let url: URL
  try {
    url = new URL(current, base.href)
  } catch {
    return null
  }
  if (url.origin !== base.origin) return null
  const swapped = swapImageExtension(url.pathname)
  return swapped === null ? null : swapped + url.search
}

let fetcher: Fetcher = (input, init) => fetch(input, init)

/** Replaces the function used for the HEAD probe (tests). */
export function setImageFallbackFetcher(next: Fetcher): void {
  fetcher = next
}

function currentSource(img: HTMLImageElement): string {
  return img.currentSrc || img.src
}

async function probeAndSwap(img: HTMLImageElement, attempt: Attempt): Promise<FallbackOutcome> {
  const candidate = fallbackSourceFor(img)
  if (candidate === null) return 'failed'
  attempt.sources.add(new URL(candidate, window.location.href).href)
  try {
    const res = await fetcher(candidate, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' })
    if (res.status < 200 || res.status > 299) return 'failed'
  } catch {
    return 'failed'
  }
  // A srcset candidate would keep winning over src, so the element falls back to src alone.
  img.removeAttribute('srcset')
  img.removeAttribute('sizes')
  img.src = candidate
  return 'replaced'
}

/**
 * Tries the swapped source for a failed image, once. Calls for the same image
 * while the probe runs share its result; a call after it settled (the image
 * failed again) resolves to 'failed' without a new probe. An element whose
 * source was later set to something unrelated gets a fresh attempt.
 */
export function retryImage(img: HTMLImageElement): Promise<FallbackOutcome> {
  const existing = attempts.get(img)
  if (existing && existing.sources.has(currentSource(img))) {
    return existing.settled ? Promise.resolve('failed') : existing.promise
  }
  const attempt: Attempt = {
    sources: new Set([currentSource(img)]),
    settled: false,
    promise: Promise.resolve('failed'),
  }
  attempt.promise = probeAndSwap(img, attempt).then((outcome) => {
    attempt.settled = true
    return outcome
  })
  attempts.set(img, attempt)
  return attempt.promise
}

/** True for an image that finished loading without anything usable to show. */
function isBroken(img: HTMLImageElement): boolean {
  return img.complete && img.naturalWidth === 0 && Boolean(img.currentSrc || img.getAttribute('src'))
}

function eachImage(node: Node, visit: (img: HTMLImageElement) => void): void {
  if (node instanceof HTMLImageElement) visit(node)
  else if (node instanceof Element) node.querySelectorAll('img').forEach(visit)
}

const installed = new WeakMap<Document, () => void>()

/**
 * Watches every image of the document, including ones added later: a
 * capture-phase `error` listener (error events do not bubble) catches failures
 * as they happen, and images that are already broken when found (at install or
 * when inserted) are retried straight away. Returns an uninstall function;
 * installing twice is a no-op.
 */
export function installImageFallback(doc: Document = document): () => void {
  const existing = installed.get(doc)
  if (existing) return existing

  const onError = (event: Event) => {
    if (event.target instanceof HTMLImageElement) void retryImage(event.target)
  }
  doc.addEventListener('error', onError, true)

  const retryIfBroken = (img: HTMLImageElement) => {
    if (isBroken(img)) void retryImage(img)
  }
  eachImage(doc.documentElement, retryIfBroken)

  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => eachImage(node, retryIfBroken))
  })
  observer.observe(doc.documentElement, { childList: true, subtree: true })

  const uninstall = () => {
    doc.removeEventListener('error', onError, true)
    observer.disconnect()
    installed.delete(doc)
  }
  installed.set(doc, uninstall)
  return uninstall
}

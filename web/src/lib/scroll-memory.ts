/**
 * Remembers the vertical scroll position per pathname for the life of the tab.
 * Positions live in memory and are mirrored to sessionStorage, so they survive
 * a reload; storage errors (private mode, quota) are ignored.
 */
export interface ScrollMemory {
  get(pathname: string): number | undefined
  set(pathname: string, y: number): void
  /** Writes pending positions to storage now. */
  flush(): void
}

const MAX_ENTRIES = 50

export function createScrollMemory(storage: Storage | undefined, key = 'paryatan:scroll-positions'): ScrollMemory {
  const positions = new Map<string, number>()
  try {
    const saved: unknown = JSON.parse(storage?.getItem(key) ?? '{}')
    if (saved && typeof saved === 'object') {
      for (const [path, y] of Object.entries(saved))
        if (typeof y === 'number' && Number.isFinite(y)) positions.set(path, y)
    }
  } catch {
    // A corrupt entry only loses old positions.
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    try {
      storage?.setItem(key, JSON.stringify(Object.fromEntries(positions)))
    } catch {
      // Storage full or unavailable: memory still works for this page life.
    }
  }

  return {
    get: (pathname) => positions.get(pathname),
    set(pathname, y) {
      positions.delete(pathname)
      positions.set(pathname, Math.max(0, Math.round(y)))
      while (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value as string)
      if (timer === undefined) timer = setTimeout(flush, 250)
    },
    flush,
  }
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

let shared: ScrollMemory | undefined

/** The tab-wide memory used by the app. */
export function getScrollMemory(): ScrollMemory {
  shared ??= createScrollMemory(sessionStorageOrUndefined())
  return shared
}

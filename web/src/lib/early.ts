// Calls a page makes as it opens, started early by src/boot.ts, the small script that runs as the
// HTML arrives, while the app's and the page's code are still on their way: the answer and the code
// then come over the network together, where before the call waited for the code. A page takes its
// call once, through the same function it would call itself; a call nobody takes within
// EARLY_FOR_MS is let go, and the page asks afresh. An answer already in when the app first renders
// can be taken at once (takeSettled), so that the first render already shows it.

const EARLY_FOR_MS = 60_000

interface EarlyCall {
  answer: Promise<unknown>
  at: number
  /** The answer, once it has come (a failure never sets it). */
  settled?: { value: unknown }
}

const early = new Map<string, EarlyCall>()

/** Starts `call` under `key` for the page to take. */
export function startEarly(key: string, call: () => Promise<unknown>): void {
  const answer = call()
  const entry: EarlyCall = { answer, at: Date.now() }
  answer.then(
    (value) => (entry.settled = { value }),
    // Nobody may take it: a failure is the page's to show when it does, not an unhandled rejection.
    () => undefined,
  )
  early.set(key, entry)
}

/** The call under `key` if it is not too old to take; one that is is let go. */
function fresh(key: string): EarlyCall | undefined {
  const call = early.get(key)
  if (call && Date.now() - call.at > EARLY_FOR_MS) {
    early.delete(key)
    return undefined
  }
  return call
}

/** The call started under `key`, taken; undefined when none was, or it was let go. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const call = fresh(key)
  early.delete(key)
  return call?.answer as Promise<T> | undefined
}

/**
 * The call under `key`, left for the page to take: for what reads its answer before the app does,
 * such as src/boot.ts drawing the page's first screen with it.
 */
export function peekEarly<T>(key: string): Promise<T> | undefined {
  return fresh(key)?.answer as Promise<T> | undefined
}

/**
 * The answer of the call under `key` if it has come and `accept` makes something of it, taken; else
 * undefined, and the call stays for takeEarly.
 */
export function takeSettled<T, R>(key: string, accept: (answer: T) => R | undefined): R | undefined {
  const call = fresh(key)
  if (!call?.settled) return undefined
  const made = accept(call.settled.value as T)
  if (made !== undefined) early.delete(key)
  return made
}

import { useEffect, useState } from 'react'

/**
 * Milliseconds left until an ISO timestamp, updated every second while any
 * remain; 0 once it has passed, undefined without a readable deadline.
 */
export function useTimeLeft(deadline: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now())
  const at = deadline ? Date.parse(deadline) : NaN
  const left = Number.isNaN(at) ? undefined : Math.max(0, at - now)
  const running = left !== undefined && left > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return left
}

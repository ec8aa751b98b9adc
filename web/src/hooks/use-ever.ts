import { useState } from 'react'

/**
 * Whether `now` has been true at any render so far. A dialog or menu whose
 * code loads on demand mounts at its first opening and stays mounted after
 * it, so that it can animate closed and open again at once.
 */
export function useEver(now: boolean): boolean {
  const [ever, setEver] = useState(now)
  if (now && !ever) setEver(true)
  return ever || now
}

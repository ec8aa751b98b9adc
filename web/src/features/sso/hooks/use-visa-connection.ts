import { useEffect, useRef, useState } from 'react'
import { VISA_LOGIN_POLL_MS, VISA_LOGIN_POLL_TRIES } from '@/config/constants'
import { ApiError } from '@/lib/api-client'
import { hasSession, requestSsoTicket } from '../api/sso-ticket'
import { VISA_CONNECT_FAILED, VISA_NO_LOGIN } from '../lib/visa-messages'
import { consumeTarget } from '../utils/consume-target'

export type VisaConnection =
  | { kind: 'checking' }
  | { kind: 'auth' }
  | { kind: 'connecting' }
  | { kind: 'ready'; frameUrl: string }
  | { kind: 'error'; message: string }

/** The partner's consume URL for the ticket that redirectUrl carries. */
export function partnerFrameUrl(redirectUrl: string, partnerOrigin: string): string {
  const url = new URL(redirectUrl, window.location.origin)
  if (!url.searchParams.get('ticket')) throw new Error('the ticket answer carries no ticket')
  return consumeTarget(url.searchParams, partnerOrigin)
}

/** Asks for a ticket and returns the partner URL that redeems it (one use: ask again for another). */
export async function connectToPartner(returnPath: string, partnerOrigin: string, signal?: AbortSignal) {
  return partnerFrameUrl(await requestSsoTicket(returnPath, signal), partnerOrigin)
}

interface Options {
  /** The partner page to land on (path plus query). */
  returnPath: string
  partnerOrigin: string
  /** Opens the sign-in dialog. */
  openSignIn: () => void
}

/**
 * The visa page's states (product spec 4): check the session with the profile
 * call; signed in → ask for a ticket → ready with the partner's URL. Signed
 * out → open sign-in and look again every second; a sign-in found goes on to
 * the ticket, fifteen looks without one end in an error. A ticket refused with
 * 401 (the session ended meanwhile) goes back to sign-in; other failures are
 * errors. `retry` starts again from the session check.
 */
export function useVisaConnection({ returnPath, partnerOrigin, openSignIn }: Options) {
  const [state, setState] = useState<VisaConnection>({ kind: 'checking' })
  const [attempt, setAttempt] = useState(0)
  const openSignInRef = useRef(openSignIn)
  useEffect(() => {
    openSignInRef.current = openSignIn
  }, [openSignIn])

  useEffect(() => {
    const abort = new AbortController()
    const { signal } = abort
    let timer: ReturnType<typeof setTimeout> | undefined

    const connect = async () => {
      setState({ kind: 'connecting' })
      try {
        if (!partnerOrigin) throw new Error('no partner visa site is configured')
        const frameUrl = await connectToPartner(returnPath, partnerOrigin, signal)
        if (!signal.aborted) setState({ kind: 'ready', frameUrl })
      } catch (err) {
        if (signal.aborted) return
        if (err instanceof ApiError && err.status === 401) waitForSignIn()
        else setState({ kind: 'error', message: VISA_CONNECT_FAILED })
      }
    }

    const waitForSignIn = () => {
      setState({ kind: 'auth' })
      openSignInRef.current()
      let tries = 0
      const look = async () => {
        tries += 1
        const signedIn = await hasSession(signal)
        if (signal.aborted) return
        if (signedIn) void connect()
        else if (tries >= VISA_LOGIN_POLL_TRIES) setState({ kind: 'error', message: VISA_NO_LOGIN })
        else timer = setTimeout(look, VISA_LOGIN_POLL_MS)
      }
      timer = setTimeout(look, VISA_LOGIN_POLL_MS)
    }

    void hasSession(signal).then((signedIn) => {
      if (signal.aborted) return
      if (signedIn) void connect()
      else waitForSignIn()
    })
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [returnPath, partnerOrigin, attempt])

  const retry = () => {
    setState({ kind: 'checking' })
    setAttempt((n) => n + 1)
  }
  return { state, retry }
}

import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '@/lib/api-client'
import { payBooking } from '../api/pay-booking'
import { checkoutForm, submitCheckout } from '../lib/checkout'
import { failureText } from '../lib/fare-messages'
import { PAYMENT_MESSAGES } from '../lib/payment'

export interface Checkout {
  /** Opens the order and posts its checkout form: the page leaves for the gateway. */
  pay(): void
  /** The order is being opened, or the page is on its way to the gateway. */
  busy: boolean
  /** Why the order could not be opened, in the API's words when it gave them; '' when nothing failed. */
  error: string
}

/** Paying for one booking: its order opened by the API, then the gateway's hosted checkout. */
export function useCheckout(bookingId: string): Checkout {
  const mutation = useMutation({
    mutationFn: async () => {
      const order = await payBooking(bookingId)
      submitCheckout(checkoutForm(order.checkout))
    },
  })
  const { reset, mutate } = mutation
  // One order at a time, also for a double click that lands before the page re-renders.
  const started = useRef(false)
  // The page's security policy refused to post the checkout (form-action): the page stays here.
  const [refused, setRefused] = useState(false)

  // Back from the gateway, the browser may show this page as it was left: ready to pay again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      started.current = false
      reset()
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [reset])

  useEffect(() => {
    const onRefused = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'form-action' || !started.current) return
      started.current = false
      reset()
      setRefused(true)
    }
    document.addEventListener('securitypolicyviolation', onRefused)
    return () => document.removeEventListener('securitypolicyviolation', onRefused)
  }, [reset])

  return {
    pay: () => {
      if (started.current) return
      started.current = true
      setRefused(false)
      mutate(undefined, {
        onError: () => {
          started.current = false
        },
      })
    },
    busy: mutation.isPending || mutation.isSuccess,
    error: errorText(mutation.error, refused),
  }
}

/** The API's words for a refused order; anything else (the network, a refused form) as payments being unavailable. */
function errorText(error: Error | null, refused: boolean): string {
  if (refused) return PAYMENT_MESSAGES.unavailable
  if (!error) return ''
  return error instanceof ApiError ? failureText(error, PAYMENT_MESSAGES.unavailable) : PAYMENT_MESSAGES.unavailable
}

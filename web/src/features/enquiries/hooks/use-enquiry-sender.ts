import { useCallback, useState } from 'react'
import { useCreateEnquiry } from '../api/create-enquiry'
import { enquiryFailure, type EnquiryFailure } from '../lib/failure'
import type { Enquiry, EnquiryInput } from '../types'

export type SendResult = { ok: true; enquiry: Enquiry } | { ok: false; failure: EnquiryFailure }

/**
 * Sends a form's enquiry and keeps what came of it: the stored enquiry (its
 * reference), or why it was not stored. A failure a form shows on one of its
 * own fields is left to the form (`onFailure` may return true for it).
 */
export function useEnquirySender() {
  const mutation = useCreateEnquiry()
  const [sent, setSent] = useState<Enquiry | null>(null)
  const [failure, setFailure] = useState<EnquiryFailure | null>(null)

  const send = useCallback(
    async (input: EnquiryInput, onFailure?: (failure: EnquiryFailure) => boolean): Promise<SendResult> => {
      setFailure(null)
      try {
        const enquiry = await mutation.mutateAsync(input)
        setSent(enquiry)
        return { ok: true, enquiry }
      } catch (error) {
        const f = enquiryFailure(error)
        if (f.kind === 'unreachable') console.error('Could not send the enquiry', error)
        if (!onFailure?.(f)) setFailure(f)
        return { ok: false, failure: f }
      }
    },
    [mutation],
  )

  const reset = useCallback(() => {
    setSent(null)
    setFailure(null)
    mutation.reset()
  }, [mutation])

  return { send, sending: mutation.isPending, sent, failure, reset }
}

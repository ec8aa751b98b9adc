import { useSession } from '@/features/auth/hooks/use-session'
import { ProposalForm } from '@/features/enquiries/components/proposal-form'
import { eventTypeOf } from '@/features/enquiries/lib/proposal'
import { MicePage } from '@/features/mice/components/mice-page'

/** /mice: the MICE page with its 'Request a Proposal' form, filled from the signed-in account. */
export function Component() {
  const { user } = useSession()
  return (
    <MicePage renderProposalForm={(eventType) => <ProposalForm eventType={eventTypeOf(eventType)} user={user} />} />
  )
}

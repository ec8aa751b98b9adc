import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { useSession } from '@/features/auth/hooks/use-session'
import { useSignIn } from '@/features/auth/hooks/use-sign-in'
import { ContactPage } from '@/features/contact/components/contact-page'
import { ContactForm } from '@/features/enquiries/components/contact-form'
import { topicOf } from '@/features/enquiries/lib/contact'

/**
 * /contact: sending the message needs a signed-in traveller (spec 6), so a
 * visitor's Send opens the sign-in dialog on its mobile step, which returns
 * here (spec 2.1).
 */
export function Component() {
  const [params] = useSearchParams()
  const { user } = useSession()
  const { openSignIn } = useSignIn()
  return (
    <ContactPage
      form={
        <ContactForm
          user={user}
          topic={topicOf(params.get('topic'))}
          onSignIn={() => openSignIn({ step: 'mobile', from: paths.contact })}
        />
      }
    />
  )
}

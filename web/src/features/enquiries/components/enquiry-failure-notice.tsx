import { Alert } from '@chakra-ui/react/alert'
import { Link } from '@chakra-ui/react/link'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { ErrorBanner } from '@/components/ui/error-banner'
import { MailIcon } from '@/components/ui/icons'
import { retryText, type EnquiryFailure } from '../lib/failure'
import { mailtoHref, type MailDraft } from '../lib/mailto'

export const UNREACHABLE_MESSAGE = 'We could not reach Paryatan just now, so your enquiry has not been sent.'
export const MAIL_FALLBACK_LABEL = 'Send by e-mail instead'

interface EnquiryFailureNoticeProps {
  failure: EnquiryFailure
  /** The enquiry as an e-mail to the team: the way when the site cannot take it. */
  draft: MailDraft
}

/** Why an enquiry was not sent, and what to do: wait (429), or e-mail the team (site unreachable). */
export function EnquiryFailureNotice({ failure, draft }: EnquiryFailureNoticeProps) {
  switch (failure.kind) {
    case 'rateLimited':
      return (
        <Alert.Root status="warning" variant="subtle" role="alert" data-testid="enquiry-rate-limited">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failure.message}</Alert.Title>
            <Alert.Description>{retryText(failure.retryAfter)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )
    case 'unreachable':
      return (
        <Alert.Root status="error" variant="subtle" role="alert" data-testid="enquiry-unreachable">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{UNREACHABLE_MESSAGE}</Alert.Title>
            <Alert.Description asChild>
              <Stack gap="1" mt="1">
                <Link href={mailtoHref(draft)} fontWeight="semibold" color="brand.fg" textDecoration="underline">
                  <MailIcon boxSize="4" /> {MAIL_FALLBACK_LABEL}
                </Link>
                <Text fontSize="sm">
                  It opens your mail app with your enquiry filled in, addressed to {draft.to}. Or try again in a moment.
                </Text>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )
    case 'field':
    case 'signIn':
    case 'refused':
      return <ErrorBanner message={failure.message} />
  }
}

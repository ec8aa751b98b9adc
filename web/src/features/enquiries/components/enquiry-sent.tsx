import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Code } from '@chakra-ui/react/code'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import type { ReactNode } from 'react'
import { RouterLink } from '@/components/ui/router-link'
import { BUSINESS_HOURS, teamNames } from '@/config/company'
import { paths } from '@/config/paths'
import type { Enquiry } from '../types'

interface EnquirySentProps {
  enquiry: Enquiry
  /** The form's thanks, e.g. 'Thanks! Our MICE team will contact you shortly.' */
  thanks: string
  /** Where the acknowledgement went; the account's e-mail when the form left it to the API. */
  email?: string
  /** Signed in: the enquiry is also listed under My Enquiries. */
  signedIn?: boolean
  children?: ReactNode
}

/** What a traveller sees once an enquiry is stored: the reference to quote, and what happens next. */
export function EnquirySent({ enquiry, thanks, email, signedIn = false, children }: EnquirySentProps) {
  const team = teamNames[enquiry.team]
  return (
    <Alert.Root status="success" variant="subtle" role="status" alignItems="flex-start" data-testid="enquiry-sent">
      <Alert.Indicator mt="1" />
      <Alert.Content>
        <Alert.Title fontSize="md">{thanks}</Alert.Title>
        <Alert.Description asChild>
          <Stack gap="2" mt="2">
            <Text>
              Your reference:{' '}
              <Code fontSize="md" fontWeight="bold" colorPalette="green" data-testid="enquiry-reference">
                {enquiry.reference}
              </Code>
              . Please quote it when you call or write to us.
            </Text>
            <Box as="ul" ps="5" listStyleType="disc">
              <li>
                Our {team} replies {BUSINESS_HOURS}, usually within one working day.
              </li>
              <li>
                {email
                  ? `We have sent an acknowledgement with your reference to ${email}.`
                  : 'We have sent an acknowledgement with your reference to your e-mail address.'}
              </li>
              {signedIn ? (
                <li>
                  You can find it any time under{' '}
                  <RouterLink to={paths.enquiries} color="brand.fg" fontWeight="medium">
                    My Enquiries
                  </RouterLink>
                  .
                </li>
              ) : null}
            </Box>
            {children}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}

import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import DOMPurify from 'dompurify'
import { useMemo } from 'react'
import { ErrorBanner } from '@/components/ui/error-banner'
import type { TraceInput } from '@/lib/api-types'
import { useFareRules } from '../../api/use-fare-rules'
import { FARE_MESSAGES, failureText, isTimeout } from '../../lib/fare-messages'

/** The supplier's rules HTML with scripts, handlers and anything active removed. */
export function sanitizeRules(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
}

/**
 * The fare rules (FareRules[0].FareRuleDetail), loaded beside the quote. A
 * failure here stays here, with a Retry, and the rest of the page goes on.
 */
export function FareRulesPanel({ trace }: { trace: TraceInput }) {
  const rules = useFareRules(trace)
  const html = useMemo(() => (rules.data ? sanitizeRules(rules.data) : ''), [rules.data])
  let body
  if (rules.isPending) body = <Text color="fg.muted">Loading fare rules…</Text>
  else if (rules.isError) {
    const message = isTimeout(rules.error)
      ? FARE_MESSAGES.rulesTimeout
      : failureText(rules.error, FARE_MESSAGES.rulesTimeout)
    body = (
      <HStack gap="3" align="start" wrap="wrap">
        <Box flex="1">
          <ErrorBanner message={message} />
        </Box>
        <Button variant="outline" onClick={() => void rules.refetch()} loading={rules.isFetching}>
          Retry
        </Button>
      </HStack>
    )
  } else if (!html) body = <Text>{FARE_MESSAGES.noRules}</Text>
  else
    body = (
      <chakra.details>
        <chakra.summary
          cursor="pointer"
          fontWeight="medium"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
        >
          Show fare rules
        </chakra.summary>
        <Box mt="3" fontSize="sm" data-testid="fare-rules" dangerouslySetInnerHTML={{ __html: html }} />
      </chakra.details>
    )
  return (
    <Stack gap="3" as="section" aria-labelledby="rules-heading">
      <Heading as="h2" size="lg" id="rules-heading">
        Fare rules
      </Heading>
      {body}
    </Stack>
  )
}

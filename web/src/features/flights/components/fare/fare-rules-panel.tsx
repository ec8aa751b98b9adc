import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Heading } from '@chakra-ui/react/heading'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useEffect, useState } from 'react'
import { ErrorBanner } from '@/components/ui/error-banner'
import type { TraceInput } from '@/lib/api-types'
import { useFareRules } from '../../api/use-fare-rules'
import { FARE_MESSAGES, failureText, isTimeout } from '../../lib/fare-messages'

/**
 * The supplier's rules HTML with scripts, handlers and anything active removed.
 * DOMPurify is fetched with the first rules to clean, not with the fare page.
 */
async function sanitizeRules(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify')
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
}

/** The rules HTML made safe; undefined while it is being cleaned. */
function useSanitizedRules(raw: string | undefined): string | undefined {
  const [clean, setClean] = useState<{ raw: string; html: string }>()
  useEffect(() => {
    if (!raw) return
    let live = true
    void sanitizeRules(raw).then((html) => {
      if (live) setClean({ raw, html })
    })
    return () => {
      live = false
    }
  }, [raw])
  if (!raw) return ''
  return clean?.raw === raw ? clean.html : undefined
}

/**
 * The fare rules (FareRules[0].FareRuleDetail), loaded beside the quote. A
 * failure here stays here, with a Retry, and the rest of the page goes on.
 */
export function FareRulesPanel({ trace }: { trace: TraceInput }) {
  const rules = useFareRules(trace)
  const html = useSanitizedRules(rules.data)
  let body
  if (rules.isPending || (rules.isSuccess && html === undefined))
    body = <Text color="fg.muted">Loading fare rules…</Text>
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

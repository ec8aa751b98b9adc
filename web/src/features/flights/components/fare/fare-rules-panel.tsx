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

const loadPurify = () => import('dompurify')
const preloadPurify = () => void loadPurify()

/**
 * The supplier's rules HTML with scripts, handlers and anything active removed.
 * DOMPurify is fetched when the traveller first opens the rules (ahead, on a
 * pointer over or focus on "Show fare rules"), not with the fare page.
 */
async function sanitizeRules(html: string): Promise<string> {
  const { default: DOMPurify } = await loadPurify()
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
  } else if (!rules.data) body = <Text>{FARE_MESSAGES.noRules}</Text>
  else body = <RulesText raw={rules.data} />
  return (
    <Stack gap="3" as="section" aria-labelledby="rules-heading">
      <Heading as="h2" size="lg" id="rules-heading">
        Fare rules
      </Heading>
      {body}
    </Stack>
  )
}

/** The rules behind "Show fare rules", cleaned when first opened. */
function RulesText({ raw }: { raw: string }) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const html = useSanitizedRules(opened ? raw : undefined)
  let text
  if (html === undefined) text = <Text color="fg.muted">Loading fare rules…</Text>
  else if (!html) text = <Text>{FARE_MESSAGES.noRules}</Text>
  else text = <Box fontSize="sm" data-testid="fare-rules" dangerouslySetInnerHTML={{ __html: html }} />
  return (
    <chakra.details open={open}>
      <chakra.summary
        cursor="pointer"
        fontWeight="medium"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
        onPointerEnter={preloadPurify}
        onFocus={preloadPurify}
        onClick={(e) => {
          // Opened and closed here, so that the rules are cleaned on the first opening.
          e.preventDefault()
          setOpen(!open)
          setOpened(true)
        }}
      >
        Show fare rules
      </chakra.summary>
      {open ? <Box mt="3">{text}</Box> : null}
    </chakra.details>
  )
}

import { Button } from '@chakra-ui/react/button'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { Money } from '@/components/ui/money'
import type { ExtrasDocument } from '@/lib/api-types'
import {
  hasOffers,
  lineText,
  linesTotal,
  NO_EXTRAS,
  picksOf,
  priceLines,
  type ExtrasChoice,
  type ExtrasTraveller,
} from '../../lib/extras'
import { EXTRAS_MESSAGES, ExtrasStep } from '../extras/extras-step'
import { EXTRAS_LOADING } from './extras-loading'

export const EXTRAS_SECTION_MESSAGES = {
  loading: EXTRAS_LOADING,
  failed: 'We could not load seats, meals and baggage for this flight. You can book without them.',
  skipped: 'No seats, meals or baggage chosen: the airline gives seats at check-in.',
} as const

interface ExtrasSectionProps {
  /** The result's offers; undefined while they load or when they could not be had. */
  extras: ExtrasDocument | undefined
  loading: boolean
  travellers: readonly ExtrasTraveller[]
  choice: ExtrasChoice
  onChange(choice: ExtrasChoice): void
}

/**
 * The fare page's seats, meals and baggage, between the traveller forms and Book: the step while
 * the traveller chooses, then what was chosen (and its price) with a button to change it. Skipping
 * or an airline that sells nothing leaves the choice empty; the booking goes on either way.
 */
export function ExtrasSection({ extras, loading, travellers, choice, onChange }: ExtrasSectionProps) {
  const [open, setOpen] = useState(true)
  if (loading) return <Text color="fg.muted">{EXTRAS_SECTION_MESSAGES.loading}</Text>
  if (!extras) return <Text color="fg.muted">{EXTRAS_SECTION_MESSAGES.failed}</Text>
  if (open) {
    return (
      <ExtrasStep
        extras={extras}
        travellers={travellers}
        value={choice}
        onChange={onChange}
        onSkip={() => {
          onChange(NO_EXTRAS)
          setOpen(false)
        }}
        onContinue={(next) => {
          onChange(next)
          setOpen(false)
        }}
      />
    )
  }
  const lines = priceLines(extras, travellers, choice)
  const requests =
    extras.kind === 'gds'
      ? travellers.flatMap((t) => {
          const picks = picksOf(choice, t.index)
          const asked = [
            extras.mealPreferences.find((p) => p.code === picks.mealPreference)?.description,
            extras.seatPreferences.find((p) => p.code === picks.seatPreference)?.description,
          ].filter(Boolean)
          return asked.length ? [`${t.label}: ${asked.join(', ')}`] : []
        })
      : []
  const nothing = lines.length === 0 && requests.length === 0
  return (
    <Stack gap="3" as="section" aria-labelledby="extras-chosen-heading">
      <Heading as="h2" size="lg" id="extras-chosen-heading">
        Seats, meals and baggage
      </Heading>
      {nothing ? <Text>{hasOffers(extras) ? EXTRAS_SECTION_MESSAGES.skipped : EXTRAS_MESSAGES.none}</Text> : null}
      {lines.length ? (
        <Stack as="ul" gap="1" listStyleType="none" data-testid="extras-chosen">
          {lines.map((l) => (
            <li key={l.key}>{lineText(l)}</li>
          ))}
        </Stack>
      ) : null}
      {requests.length ? (
        <Stack as="ul" gap="1" listStyleType="none">
          {requests.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </Stack>
      ) : null}
      {lines.length ? (
        <Text fontWeight="semibold">
          Extras total: <Money paise={linesTotal(lines)} testId="extras-chosen-total" />
        </Text>
      ) : null}
      {hasOffers(extras) ? (
        <Button variant="outline" alignSelf="start" onClick={() => setOpen(true)}>
          {nothing ? 'Choose seats, meals and baggage' : 'Change seats, meals and baggage'}
        </Button>
      ) : null}
    </Stack>
  )
}

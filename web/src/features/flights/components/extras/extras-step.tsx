import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Heading } from '@chakra-ui/react/heading'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Table } from '@chakra-ui/react/table'
import { Text } from '@chakra-ui/react/text'
import { useId, useState, type ReactNode } from 'react'
import { useTabKeys } from '@/components/ui/panel-tabs'
import { Money } from '@/components/ui/money'
import {
  flightsOf,
  hasOffers,
  linesTotal,
  NO_EXTRAS,
  picksOf,
  priceLines,
  validChoice,
  type Extras,
  type ExtrasChoice,
  type ExtrasTraveller,
  type PriceLine,
} from '../../lib/extras'
import { BaggageList } from './baggage-list'
import { MealList } from './meal-list'
import { PreferenceFields } from './preferences'
import { SeatMapGrid } from './seat-map'

export const EXTRAS_MESSAGES = {
  none: 'The airline sells no seats, meals or extra baggage online for this flight. It gives seats at check-in.',
  infantLcc: 'Infants sit on an adult’s lap: no seat, meal or extra baggage of their own.',
  infantGds: 'Infants sit on an adult’s lap: no seat. You can ask for a baby meal.',
} as const

export interface ExtrasStepProps {
  extras: Extras
  /** Everyone in the booking, in order. */
  travellers: readonly ExtrasTraveller[]
  /** The picks so far, when the step is controlled (with onChange). */
  value?: ExtrasChoice
  /** The picks to start from, when it is not. */
  defaultValue?: ExtrasChoice
  /** Every change of the picks. */
  onChange?: (choice: ExtrasChoice) => void
  /**
   * Go on with nothing picked: the Skip button, and the Continue button when
   * the airline offers nothing.
   */
  onSkip: () => void
  /** Go on with these picks, less any no longer allowed; `extrasBody` turns them into the API body. */
  onContinue: (choice: ExtrasChoice) => void
}

/**
 * The fare page's step between the traveller forms and payment: for each
 * traveller in turn (a tab each), each flight's seat map, meals and extra
 * baggage on a low-cost fare, or a special meal and seat preference on a
 * full-service one; what the picks cost, line by line, and in all; Skip (go on
 * with nothing) and Continue.
 */
export function ExtrasStep({ extras, travellers, value, defaultValue, onChange, onSkip, onContinue }: ExtrasStepProps) {
  const [own, setOwn] = useState<ExtrasChoice>(defaultValue ?? NO_EXTRAS)
  const choice = value ?? own
  const change = (next: ExtrasChoice) => {
    if (value === undefined) setOwn(next)
    onChange?.(next)
  }
  const [chosen, setCurrent] = useState(travellers[0]?.index ?? 0)
  const current = travellers.some((t) => t.index === chosen) ? chosen : (travellers[0]?.index ?? 0)
  const offers = hasOffers(extras)
  const lines = priceLines(extras, travellers, choice)
  const lcc = extras.kind === 'lcc'

  return (
    <Stack gap="5" as="section" aria-labelledby="extras-heading">
      <Stack gap="2">
        <Heading as="h2" size="lg" id="extras-heading">
          Seats, meals and baggage
        </Heading>
        {offers ? (
          <>
            <Text color="fg.muted">
              {lcc
                ? 'Optional. Choose for each traveller, or skip: the airline gives seats at check-in.'
                : 'Optional. Ask the airline for a special meal or the kind of seat each traveller likes.'}
            </Text>
            <Button variant="outline" alignSelf="start" onClick={onSkip}>
              Skip this step
            </Button>
          </>
        ) : null}
      </Stack>
      {offers ? (
        <>
          <TravellerTabs travellers={travellers} current={current} onSelect={setCurrent} summary={summary}>
            <TravellerPanel
              extras={extras}
              travellers={travellers}
              traveller={current}
              choice={choice}
              onChange={change}
            />
          </TravellerTabs>
          {lcc ? <PriceTable lines={lines} /> : null}
          <HStack gap="4" wrap="wrap" justify="space-between">
            {lcc ? (
              <Text fontWeight="semibold" fontSize="lg">
                Extras total: <Money paise={linesTotal(lines)} testId="extras-total" />
              </Text>
            ) : null}
            <Button
              colorPalette="terracotta"
              size="lg"
              onClick={() => onContinue(validChoice(extras, travellers, choice))}
            >
              Continue
            </Button>
          </HStack>
        </>
      ) : (
        <>
          <Text>{EXTRAS_MESSAGES.none}</Text>
          <Button colorPalette="terracotta" size="lg" alignSelf="start" onClick={onSkip}>
            Continue
          </Button>
        </>
      )}
    </Stack>
  )

  function summary(t: ExtrasTraveller): ReactNode {
    if (t.type === 'infant' && lcc) return 'On an adult’s lap'
    if (!lcc) {
      const picks = picksOf(choice, t.index)
      const n = [picks.mealPreference, picks.seatPreference].filter(Boolean).length
      return n === 0 ? 'No requests' : n === 1 ? '1 request' : `${n} requests`
    }
    const mine = lines.filter((l) => l.traveller === t.index)
    if (mine.length === 0) return 'Nothing chosen'
    return (
      <>
        {mine.length} chosen · <Money paise={linesTotal(mine)} />
      </>
    )
  }
}

interface TravellerPanelProps {
  extras: Extras
  travellers: readonly ExtrasTraveller[]
  traveller: number
  choice: ExtrasChoice
  onChange: (choice: ExtrasChoice) => void
}

/** What one traveller may pick, flight by flight. */
function TravellerPanel({ extras, travellers, traveller, choice, onChange }: TravellerPanelProps) {
  const who = travellers.find((t) => t.index === traveller)
  if (!who) return null
  const common = { travellers, traveller, choice, onChange }
  if (extras.kind === 'gds') {
    return (
      <Stack gap="3">
        {who.type === 'infant' ? <Text>{EXTRAS_MESSAGES.infantGds}</Text> : null}
        <PreferenceFields extras={extras} {...common} />
      </Stack>
    )
  }
  if (who.type === 'infant') return <Text>{EXTRAS_MESSAGES.infantLcc}</Text>
  return (
    <Stack gap="8">
      {flightsOf(extras).map((f) => {
        const headingId = `extras-flight-${f.key}`
        const seats = f.seatMap?.rows.some((r) => r.seats.some((s) => s !== null)) ? f.seatMap : undefined
        return (
          <Stack key={f.key} as="section" aria-labelledby={headingId} gap="5">
            <Heading as="h3" size="md" id={headingId}>
              {/* Offers sold for a whole journey name its first flight: its route alone says what they cover. */}
              {seats ? `${f.airline} ${f.flightNumber} · ` : ''}
              {f.origin} → {f.destination}
            </Heading>
            {seats ? <SeatMapGrid map={seats} {...common} /> : null}
            {f.meals?.items.length ? <MealList group={f.meals} {...common} /> : null}
            {f.baggage?.items.length ? <BaggageList group={f.baggage} {...common} /> : null}
          </Stack>
        )
      })}
    </Stack>
  )
}

/** Every pick with its price, and the total. */
function PriceTable({ lines }: { lines: readonly PriceLine[] }) {
  if (lines.length === 0) return <Text color="fg.muted">Nothing chosen yet.</Text>
  return (
    <Table.Root size="sm" variant="outline" data-testid="extras-lines">
      <Table.Caption>Your extras</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Extra</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((l) => (
          <Table.Row key={l.key}>
            <Table.Cell>{l.label}</Table.Cell>
            <Table.Cell textAlign="end">
              {l.included ? 'Included' : l.paise === 0n ? 'Free' : <Money paise={l.paise} />}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="semibold">
          <Table.Cell>Total</Table.Cell>
          <Table.Cell textAlign="end">
            <Money paise={linesTotal(lines)} />
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  )
}

const Tab = chakra('button', {
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'start',
    minHeight: '11',
    px: '3',
    py: '1',
    textAlign: 'start',
    rounded: 'md',
    borderWidth: '1px',
    borderColor: 'border.control',
    bg: 'bg.card',
    cursor: 'pointer',
    _hover: { borderColor: 'brand.solid' },
    _selected: { bg: 'brand.solid', color: 'brand.contrast', borderColor: 'brand.solid' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
})

interface TravellerTabsProps {
  travellers: readonly ExtrasTraveller[]
  current: number
  onSelect: (index: number) => void
  /** A line under each traveller's name: what they have picked. */
  summary: (traveller: ExtrasTraveller) => ReactNode
  /** The chosen traveller's panel. */
  children: ReactNode
}

/**
 * Who is choosing: tabs in the WAI-ARIA pattern with automatic activation
 * (one tab stop, arrows move and select, Home and End), all controlling the
 * one panel, which shows the selected traveller. They wrap onto more lines on
 * a phone. With one traveller there is nothing to switch: only the panel.
 */
function TravellerTabs({ travellers, current, onSelect, summary, children }: TravellerTabsProps) {
  const base = useId()
  const { onKeyDown, tabRef } = useTabKeys(
    travellers.map((t) => t.index),
    current,
    onSelect,
    true,
  )
  const panelId = `${base}-panel`
  const tabId = (index: number) => `${base}-tab-${index}`
  if (travellers.length < 2) {
    const only = travellers[0]
    return (
      <Stack gap="4">
        {only ? <Text fontWeight="semibold">Choosing for {only.label}</Text> : null}
        {children}
      </Stack>
    )
  }

  return (
    <Stack gap="4">
      <Box role="tablist" aria-label="Choosing for" display="flex" flexWrap="wrap" gap="2" onKeyDown={onKeyDown}>
        {travellers.map((t) => (
          <Tab
            key={t.index}
            ref={tabRef(t.index)}
            type="button"
            role="tab"
            id={tabId(t.index)}
            aria-selected={t.index === current}
            aria-controls={panelId}
            tabIndex={t.index === current ? 0 : -1}
            onClick={() => onSelect(t.index)}
          >
            <Text as="span" fontWeight="semibold" fontSize="sm">
              {t.label}
            </Text>
            <Text as="span" fontSize="xs">
              {summary(t)}
            </Text>
          </Tab>
        ))}
      </Box>
      <Box role="tabpanel" id={panelId} aria-labelledby={tabId(current)}>
        {children}
      </Box>
    </Stack>
  )
}

import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useStableHandler } from '@/hooks/use-stable-handler'
import { Money, ReadAs } from '@/components/ui/money'
import { formatINR, spokenINR } from '@/lib/money'
import {
  chooseSeat,
  clearSeat,
  findSeat,
  isExitSeat,
  picksOf,
  refusalText,
  seatHolders,
  seatStates,
  travellerTag,
  type ExtrasChoice,
  type ExtrasTraveller,
  type Seat,
  type SeatMap,
  type SeatRow,
  type SeatState,
} from '../../lib/extras'

// The cabin is an ARIA grid (WAI-ARIA Authoring Practices, "Data Grid"): one
// tab stop for the whole map (roving tabindex), arrow keys move seat by seat
// in two dimensions, skipping aisles and gaps, Home/End go to the row's ends
// and Ctrl+Home/End to the cabin's, Page Up/Down five rows. Each seat is a
// native toggle button (aria-pressed) in its gridcell, so Enter, Space, a tap
// and a click all choose it with no handler of ours, and screen readers say
// "pressed" for the traveller's own seat.
//
// Native radio buttons were the other way, and are worse here: arrowing
// through a radio group checks every seat passed over (each one a price and a
// change of total), the arrows only go along the group, not up and down the
// cabin, and a taken seat would have to be disabled and so be skipped and
// never heard. In the grid a taken seat keeps its place in the arrow order
// (aria-disabled, not disabled), is read as taken, and choosing it says why not.
//
// Width: a row is a 28 px row number, six seats, a 16 px aisle and seven 2 px
// gaps; seats shrink from 44 px to fit. At 360 px inside the fare page's card
// (278 px for content) a seat is 36.7 × 44 px; outside a card (328 px) 44 × 44
// px. WCAG 2.2 asks for 24 × 24 px (2.5.8, AA); 44 px (2.5.5, AAA) is kept
// wherever the width allows, and the height always.

const ROW_NUMBER = '1.75rem'
const AISLE = '1rem'
const SEAT = 'minmax(0, 2.75rem)'
const GAP = '2px'
/** How many rows Page Up and Page Down move. */
const PAGE = 5

function tracks(columns: readonly string[]): string {
  return [ROW_NUMBER, ...columns.map((c) => (c === '' ? AISLE : SEAT))].join(' ')
}

/** The widest a row gets: every seat at 44 px. */
function widest(columns: readonly string[]): string {
  const aisles = columns.filter((c) => c === '').length
  return `calc(${ROW_NUMBER} + ${aisles} * ${AISLE} + ${columns.length - aisles} * 2.75rem + ${columns.length} * ${GAP})`
}

type Look = 'free' | 'paid' | 'taken' | 'held' | 'mine' | 'barred'

const SeatButton = chakra('button', {
  base: {
    width: 'full',
    minWidth: '0',
    height: '11',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    px: '0',
    rounded: 'md',
    borderWidth: '1px',
    fontWeight: 'semibold',
    lineHeight: '1.1',
    fontVariantNumeric: 'tabular-nums',
    cursor: 'pointer',
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px', zIndex: '1' },
  },
  variants: {
    look: {
      free: { bg: 'bg.card', color: 'fg', borderColor: 'border.control', _hover: { borderColor: 'brand.solid' } },
      paid: {
        bg: 'brand.subtle',
        color: 'brand.fg',
        borderColor: 'border.control',
        _hover: { borderColor: 'brand.solid' },
      },
      taken: { bg: 'bg.emphasized', color: 'fg.muted', borderColor: 'border.emphasized', cursor: 'not-allowed' },
      held: {
        bg: 'brand.muted',
        color: 'brand.fg',
        borderColor: 'brand.fg',
        borderStyle: 'dashed',
        cursor: 'not-allowed',
      },
      mine: { bg: 'brand.solid', color: 'brand.contrast', borderColor: 'brand.solid', borderWidth: '2px' },
      barred: { bg: 'bg.muted', color: 'fg.muted', borderColor: 'border.emphasized', cursor: 'not-allowed' },
    },
    fit: {
      // Seats narrower than 34 px (a cabin under 264 px wide: a 320 px phone, inside a card) take the smaller size.
      short: { fontSize: 'xs', '@container (max-width: 16.5rem)': { fontSize: '2xs', letterSpacing: 'tighter' } },
      long: { fontSize: '2xs', letterSpacing: 'tighter' },
    },
  },
})

const Swatch = chakra('span', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    minWidth: '9',
    height: '6',
    px: '1',
    rounded: 'sm',
    borderWidth: '1px',
    fontSize: '2xs',
    fontWeight: 'semibold',
  },
})

/** Where each seat code sits: row and column index. */
function positions(map: SeatMap): Map<string, { r: number; c: number }> {
  const at = new Map<string, { r: number; c: number }>()
  map.rows.forEach((row, r) => row.seats.forEach((s, c) => s && at.set(s.code, { r, c })))
  return at
}

/** The seat a key moves to from `code`, or undefined to stay. */
function step(map: SeatMap, code: string, event: KeyboardEvent): string | undefined {
  const at = positions(map).get(code)
  if (!at) return undefined
  const rows = map.rows
  const seatAt = (r: number, c: number) => rows[r]?.seats[c] ?? null
  const inRow = (r: number) => (rows[r]?.seats ?? []).filter((s): s is Seat => s !== null)
  const nonEmpty = rows.map((_, r) => r).filter((r) => inRow(r).length > 0)
  /** The nearest seat in this column going up (-1) or down (1), at least `by` rows away; else the farthest one. */
  const vertical = (dir: 1 | -1, by: number) => {
    let found: Seat | null = null
    for (let r = at.r + dir; r >= 0 && r < rows.length; r += dir) {
      const s = seatAt(r, at.c)
      if (!s) continue
      found = s
      if (Math.abs(r - at.r) >= by) break
    }
    return found?.code
  }
  const row = rows[at.r]!.seats
  switch (event.key) {
    case 'ArrowRight':
      return row.slice(at.c + 1).find((s) => s !== null)?.code
    case 'ArrowLeft':
      return row
        .slice(0, at.c)
        .reverse()
        .find((s) => s !== null)?.code
    case 'ArrowDown':
      return vertical(1, 1)
    case 'ArrowUp':
      return vertical(-1, 1)
    case 'PageDown':
      return vertical(1, PAGE)
    case 'PageUp':
      return vertical(-1, PAGE)
    case 'Home':
      return event.ctrlKey ? inRow(nonEmpty[0] ?? 0)[0]?.code : inRow(at.r)[0]?.code
    case 'End':
      return event.ctrlKey ? inRow(nonEmpty[nonEmpty.length - 1] ?? 0).at(-1)?.code : inRow(at.r).at(-1)?.code
    default:
      return undefined
  }
}

/** The seat's accessible name: "Seat 12A, window, exit row, extra legroom, 350 rupees" or "Seat 14C, aisle, taken". */
function seatName(seat: Seat, row: SeatRow, state: SeatState): string {
  const parts = [`Seat ${seat.code}`]
  if (seat.position) parts.push(seat.position)
  if (isExitSeat(seat, row)) parts.push('exit row')
  parts.push(...seat.features.filter((f) => f.toLowerCase() !== 'exit row'))
  const price = state.paise === null ? 'price not known' : state.paise === 0n ? 'free' : spokenINR(state.paise)
  if (state.state !== 'refused') return [...parts, price].join(', ')
  const { refusal } = state
  switch (refusal.reason) {
    case 'taken':
      return [...parts, 'taken'].join(', ')
    case 'held':
      return [...parts, price, `chosen for ${refusal.by.label}`].join(', ')
    case 'exit-row':
      return [...parts, price, 'adults only'].join(', ')
    default:
      return [...parts, 'not available'].join(', ')
  }
}

/** How a seat looks and what it shows. */
function face(state: SeatState, tag: string | undefined): { look: Look; text: string } {
  if (state.state === 'mine') return { look: 'mine', text: `✓ ${tag}` }
  if (state.state === 'free') {
    return state.paise === 0n ? { look: 'free', text: 'Free' } : { look: 'paid', text: formatINR(state.paise) }
  }
  switch (state.refusal.reason) {
    case 'taken':
      return { look: 'taken', text: '✕' }
    case 'held':
      return { look: 'held', text: tag ?? '' }
    default:
      return { look: 'barred', text: '—' }
  }
}

interface SeatCellProps {
  code: string
  /** The accessible name. */
  name: string
  look: Look
  /** What the seat shows. */
  text: string
  /** The map's one tab stop. */
  tabStop: boolean
  pressed: boolean
  /** Refused: still focusable and heard, pressing it says why. */
  refused: boolean
  onPress: (code: string) => void
  onFocusSeat: (code: string) => void
  register: (code: string, el: HTMLButtonElement | null) => void
}

/** One seat in its gridcell; drawn again only when it changes (an arrow key changes two seats, not 180). */
const SeatCell = memo(function SeatCell({
  code,
  name,
  look,
  text,
  tabStop,
  pressed,
  refused,
  onPress,
  onFocusSeat,
  register,
}: SeatCellProps) {
  return (
    <Box role="gridcell" minWidth="0">
      <SeatButton
        ref={(el: HTMLButtonElement | null) => register(code, el)}
        type="button"
        data-seat={code}
        look={look}
        fit={text.length > 5 ? 'long' : 'short'}
        tabIndex={tabStop ? 0 : -1}
        aria-label={name}
        aria-pressed={pressed}
        aria-disabled={refused ? true : undefined}
        onClick={() => onPress(code)}
        onFocus={() => onFocusSeat(code)}
      >
        {text}
      </SeatButton>
    </Box>
  )
})

interface SeatMapGridProps {
  map: SeatMap
  /** Everyone in the booking, in order: their seats show with their tags (A1, C1). */
  travellers: readonly ExtrasTraveller[]
  /** The index of the traveller choosing: their seat shows pressed. */
  traveller: number
  choice: ExtrasChoice
  onChange: (choice: ExtrasChoice) => void
}

/**
 * The cabin of one flight: column letters, row numbers, aisles and exit rows,
 * every seat with its price or state, the seats of this booking's travellers
 * with their tags, a key, and a line saying what a choice did or why it was
 * refused. Choosing the traveller's own seat again lets it go.
 */
export function SeatMapGrid({ map, travellers, traveller, choice, onChange }: SeatMapGridProps) {
  const [active, setActive] = useState<string | null>(null)
  const [message, setMessage] = useState<{ traveller: number; text: ReactNode } | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const holders = seatHolders(map, travellers, choice)
  const who = travellers.find((t) => t.index === traveller)
  const mine = picksOf(choice, traveller).seats[map.key]
  const mySeat = mine === undefined ? undefined : findSeat(map, mine)
  const states = seatStates(map, travellers, choice, traveller)
  const allSeats = map.rows.flatMap((r) => r.seats.filter((s): s is Seat => s !== null))
  // The one seat in the tab order: where the keys last were, else the traveller's, else the first they may take.
  const tabStop =
    (active !== null && states.has(active) ? active : undefined) ??
    (mine !== undefined && states.has(mine) ? mine : undefined) ??
    allSeats.find((s) => states.get(s.code)?.state === 'free')?.code ??
    allSeats[0]?.code

  const say = (text: ReactNode) => setMessage({ traveller, text })

  const press = useStableHandler((code: string) => {
    setActive(code)
    const state = states.get(code)
    if (state?.state === 'mine') {
      onChange(clearSeat(choice, traveller, map.key))
      say(`Seat ${code} removed: ${who?.label ?? ''} has no seat on this flight.`)
      return
    }
    const out = chooseSeat(map, travellers, choice, traveller, code)
    if (!out.ok) {
      say(refusalText(out.refusal))
      return
    }
    onChange(out.choice)
    const paise = state?.state === 'free' ? state.paise : 0n
    say(
      <>
        Seat {code} chosen for {who?.label}: {paise === 0n ? 'free' : <Money paise={paise} />}.
      </>,
    )
  })
  const register = useStableHandler((code: string, el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(code, el)
    else buttons.current.delete(code)
  })

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = (event.target as HTMLElement).dataset.seat
    if (from === undefined) return
    const to = step(map, from, event)
    if (to === undefined) {
      if (
        ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)
      ) {
        event.preventDefault() // at an edge: stay, without scrolling the page
      }
      return
    }
    event.preventDefault()
    setActive(to)
    buttons.current.get(to)?.focus()
  }

  const template = tracks(map.columns)
  return (
    <Stack gap="3">
      <Text as="h4" fontWeight="semibold">
        Seat{map.craft ? ` · ${map.craft}` : ''}
      </Text>
      <SeatKey tag={who ? travellerTag(travellers, who) : ''} />
      <Box width="full" maxWidth={widest(map.columns)} mx="auto" containerType="inline-size">
        <Text textAlign="center" fontSize="xs" color="fg.muted" mb="1">
          Front of the aircraft
        </Text>
        <Box
          role="grid"
          aria-label={`Seats on ${map.airline} ${map.flightNumber}, ${map.origin} → ${map.destination}`}
          onKeyDown={onKeyDown}
          display="flex"
          flexDirection="column"
          gap="1"
        >
          <Box role="row" display="grid" gridTemplateColumns={template} columnGap={GAP}>
            <Box role="columnheader">
              <ReadAs words="Row">{''}</ReadAs>
            </Box>
            {map.columns.map((c, i) =>
              c === '' ? (
                <Box key={`aisle-${i}`} aria-hidden="true" />
              ) : (
                <Box key={c} role="columnheader" textAlign="center" fontSize="sm" fontWeight="semibold">
                  {c}
                </Box>
              ),
            )}
          </Box>
          {map.rows.map((row) => (
            <Box
              key={row.row}
              role="row"
              display="grid"
              gridTemplateColumns={template}
              columnGap={GAP}
              alignItems="center"
              bg={row.exit ? 'accent.subtle' : undefined}
              borderYWidth={row.exit ? '1px' : undefined}
              borderColor="accent.border"
              borderStyle="dashed"
              py={row.exit ? '1' : undefined}
            >
              <Box role="rowheader" textAlign="center" fontSize="xs" lineHeight="1.1" color="fg.muted">
                <ReadAs words={row.exit ? `Row ${row.row}, exit row` : `Row ${row.row}`}>
                  <Text as="span" display="block" fontWeight="semibold" color="fg">
                    {row.row}
                  </Text>
                  {row.exit ? (
                    <Text as="span" display="block" fontSize="2xs" fontWeight="bold" color="accent.fg">
                      EXIT
                    </Text>
                  ) : null}
                </ReadAs>
              </Box>
              {row.seats.map((seat, i) => {
                if (map.columns[i] === '') return <Box key={`aisle-${i}`} aria-hidden="true" />
                if (!seat) return <Box key={`gap-${i}`} role="gridcell" />
                const state = states.get(seat.code)!
                const holder = holders.get(seat.code)
                const { look, text } = face(state, holder ? travellerTag(travellers, holder) : undefined)
                return (
                  <SeatCell
                    key={seat.code}
                    code={seat.code}
                    name={seatName(seat, row, state)}
                    look={look}
                    text={text}
                    tabStop={seat.code === tabStop}
                    pressed={state.state === 'mine'}
                    refused={state.state === 'refused'}
                    onPress={press}
                    onFocusSeat={setActive}
                    register={register}
                  />
                )
              })}
            </Box>
          ))}
        </Box>
      </Box>
      <Text role="status" minHeight="6" fontSize="sm">
        {message?.traveller === traveller ? message.text : null}
      </Text>
      <HStack gap="3" wrap="wrap" fontSize="sm">
        {mySeat ? (
          <>
            <Text>
              {who?.label}: seat {mySeat.seat.code}
              {mySeat.seat.position || isExitSeat(mySeat.seat, mySeat.row)
                ? ` (${[mySeat.seat.position, isExitSeat(mySeat.seat, mySeat.row) ? 'exit row' : ''].filter(Boolean).join(', ')})`
                : ''}{' '}
              · <SeatPrice state={states.get(mySeat.seat.code)} />
            </Text>
            <Button size="sm" variant="outline" onClick={() => press(mySeat.seat.code)}>
              Remove seat {mySeat.seat.code}
            </Button>
          </>
        ) : (
          <Text color="fg.muted">No seat chosen: the airline gives one at check-in.</Text>
        )}
      </HStack>
    </Stack>
  )
}

function SeatPrice({ state }: { state: SeatState | undefined }) {
  if (!state || state.paise === null) return null
  return state.paise === 0n ? 'Free' : <Money paise={state.paise} />
}

/** The key to the map's marks, each shown as the seats show it. */
function SeatKey({ tag }: { tag: string }) {
  const item = (swatch: ReactNode, words: string) => (
    <HStack as="li" gap="2" fontSize="xs">
      {swatch}
      <span>{words}</span>
    </HStack>
  )
  return (
    <Box
      as="ul"
      aria-label="Seat map key"
      listStyleType="none"
      display="grid"
      gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(3, auto)' }}
      justifyContent="start"
      columnGap="4"
      rowGap="1"
    >
      {item(
        <Swatch aria-hidden="true" bg="bg.card" borderColor="border.control">
          Free
        </Swatch>,
        'Free seat',
      )}
      {item(
        <Swatch aria-hidden="true" bg="brand.subtle" color="brand.fg" borderColor="border.control">
          ₹
        </Swatch>,
        'Paid seat, price shown',
      )}
      {item(
        <Swatch aria-hidden="true" bg="bg.emphasized" color="fg.muted" borderColor="border.emphasized">
          ✕
        </Swatch>,
        'Taken',
      )}
      {item(
        <Swatch aria-hidden="true" bg="brand.solid" color="brand.contrast" borderColor="brand.solid">
          ✓ {tag}
        </Swatch>,
        'This traveller’s seat',
      )}
      {item(
        <Swatch aria-hidden="true" bg="brand.muted" color="brand.fg" borderColor="brand.fg" borderStyle="dashed">
          A2
        </Swatch>,
        'Another traveller’s seat',
      )}
      {item(
        <Swatch
          aria-hidden="true"
          bg="accent.subtle"
          color="accent.fg"
          borderColor="accent.border"
          borderStyle="dashed"
        >
          EXIT
        </Swatch>,
        'Exit row: extra legroom, adults only',
      )}
    </Box>
  )
}

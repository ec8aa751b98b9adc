import { Alert } from '@chakra-ui/react/alert'
import { Box } from '@chakra-ui/react/box'
import { Button, CloseButton } from '@chakra-ui/react/button'
import { Checkbox } from '@chakra-ui/react/checkbox'
import { DataList } from '@chakra-ui/react/data-list'
import { Dialog } from '@chakra-ui/react/dialog'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Heading } from '@chakra-ui/react/heading'
import { Portal } from '@chakra-ui/react/portal'
import { Spinner } from '@chakra-ui/react/spinner'
import { HStack, Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { Money } from '@/components/ui/money'
import { ApiError } from '@/lib/api-client'
import type { Booking, BookingWithPayments, CancelQuote, CancelTicket } from '@/lib/api-types'
import { changedQuote, useCancelTickets } from '../../api/cancel-tickets'
import { useCancellationCharges } from '../../api/get-cancellation-charges'
import { bookingDetailsQueryOptions } from '../../api/get-booking-details'
import {
  cancellationStatusId,
  heldTickets,
  NO_REFUND,
  refundWhere,
  ticketTypeLabel,
  travellerName,
} from '../../lib/cancellation'
import { formatLocalDateTime } from '../../lib/dates'
import { failureText } from '../../lib/fare-messages'
import { toItineraryView } from '../../lib/itinerary'
import { isPositive } from '../../lib/payment'
import { AmountItem } from './cancellation-list'

export const CANCEL_MESSAGES = {
  chooseOne: 'Choose at least one traveller to cancel.',
  asking: 'Asking the airline for the cancellation charges. This can take a few seconds.',
  chargesFailed: 'Could not get the cancellation charges.',
  cancelFailed: 'Could not cancel.',
  noCharges: 'Nothing is sent to the airline until you confirm. A cancelled ticket cannot be used again.',
} as const

type Mode = 'whole' | 'some'

const TITLES: Record<Mode, string> = { whole: 'Cancel booking', some: 'Cancel some travellers' }

/** Whether asking again may answer otherwise: the airline did not answer, or nothing did. */
function retryable(error: Error): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500
}

/** A flight as the dialog lists it: where, then when and which. */
interface FlightLine {
  route: string
  detail: string
}

/** The flights of the booking as its page shows them (the supplier's itinerary once loaded), else its route. */
function useFlights(booking: Booking): FlightLine[] {
  // Reads what the page's booking details asked the supplier, without asking again.
  const details = useQuery({ ...bookingDetailsQueryOptions(booking.bookingId), enabled: false })
  const segments = details.data ? (toItineraryView(details.data)?.segments ?? []) : []
  if (segments.length === 0) {
    return [{ route: `${booking.origin} → ${booking.destination}`, detail: formatLocalDateTime(booking.departure) }]
  }
  return segments.map((s) => ({
    route: `${s.origin} → ${s.destination}`,
    detail: `${formatLocalDateTime(s.departure)} · ${s.airlineCode}-${s.flightNumber}`,
  }))
}

interface QuoteViewProps {
  quote: CancelQuote
  flights: FlightLine[]
  /** The airline's charges moved since the last quote: why this one is shown again. */
  changed: string | undefined
  focusRef: RefObject<HTMLHeadingElement | null>
  /** Goes back to the choice of travellers, when there was one. */
  onChange?: () => void
}

/** Back to the choice of travellers: a link's look, a button's target. */
function ChangeTravellers({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="plain"
      color="brand.fg"
      textDecoration="underline"
      px="0"
      minH="11"
      alignSelf="flex-start"
      onClick={onClick}
    >
      Change travellers
    </Button>
  )
}

/** What cancelling would cost and give back, shown before anything is sent. */
function QuoteView({ quote, flights, changed, focusRef, onChange }: QuoteViewProps) {
  return (
    <Stack gap="5" data-testid="cancel-quote">
      {changed ? (
        <Alert.Root status="warning" variant="subtle" role="alert">
          <Alert.Indicator />
          <Alert.Title>{changed}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Heading as="h3" size="md" ref={focusRef} tabIndex={-1} outline="none">
        Check before you cancel
      </Heading>
      <Stack gap="1">
        <Text fontWeight="semibold" id="cancel-quote-travellers">
          {quote.tickets.length === 1 ? 'Traveller' : 'Travellers'}
        </Text>
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-labelledby="cancel-quote-travellers">
          {quote.tickets.map((t) => (
            <Box as="li" key={t.ticketId} data-testid="cancel-quote-traveller">
              <Text>{travellerName(t)}</Text>
              <Text fontSize="sm" color="fg.muted">{`Ticket number ${t.ticketNumber}`}</Text>
            </Box>
          ))}
        </Stack>
        {onChange ? <ChangeTravellers onClick={onChange} /> : null}
      </Stack>
      <Stack gap="1">
        <Text fontWeight="semibold" id="cancel-quote-flights">
          {flights.length === 1 ? 'Flight' : 'Flights'}
        </Text>
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-labelledby="cancel-quote-flights">
          {flights.map((f) => (
            <Box as="li" key={`${f.route} ${f.detail}`}>
              <Text>{f.route}</Text>
              <Text fontSize="sm" color="fg.muted">
                {f.detail}
              </Text>
            </Box>
          ))}
        </Stack>
      </Stack>
      <DataList.Root orientation="horizontal" gap="2">
        <AmountItem label="Airline's cancellation charge" amount={quote.charge} currency={quote.currency} />
        <AmountItem label="Our fee" amount={quote.fee} currency={quote.currency} />
        <AmountItem label="Refund" amount={quote.refund} currency={quote.currency} />
      </DataList.Root>
      <Text fontSize="lg" fontWeight="semibold" data-testid="cancel-quote-refund">
        {isPositive(quote.refund) ? (
          <>
            {'Refund of '}
            <Money amount={quote.refund} currency={quote.currency} testId="cancel-quote-refund-amount" />
            {` ${refundWhere(quote)}.`}
          </>
        ) : (
          NO_REFUND
        )}
      </Text>
      {quote.remarks ? <Text>{`From the airline: ${quote.remarks}`}</Text> : null}
      <Text color="fg.muted">{CANCEL_MESSAGES.noCharges}</Text>
    </Stack>
  )
}

interface ChooseViewProps {
  held: CancelTicket[]
  chosen: number[]
  onChange: (chosen: number[]) => void
  error: string | undefined
  errorRef: RefObject<HTMLDivElement | null>
}

/** One checkbox per ticket still held. */
function ChooseView({ held, chosen, onChange, error, errorRef }: ChooseViewProps) {
  const toggle = (ticketId: number, on: boolean) =>
    onChange(on ? [...chosen, ticketId] : chosen.filter((id) => id !== ticketId))
  return (
    <Fieldset.Root invalid={Boolean(error)} gap="3">
      <Fieldset.Legend fontWeight="semibold" fontSize="md">
        Who is no longer travelling?
      </Fieldset.Legend>
      <Fieldset.HelperText>
        The others keep their tickets. You will see the charges before anything is sent.
      </Fieldset.HelperText>
      {error ? (
        <Box ref={errorRef} tabIndex={-1} outline="none" role="alert">
          <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
        </Box>
      ) : null}
      <Stack gap="2">
        {held.map((t) => (
          <Checkbox.Root
            key={t.ticketId}
            checked={chosen.includes(t.ticketId)}
            onCheckedChange={(e) => toggle(t.ticketId, e.checked === true)}
            alignItems="flex-start"
            borderWidth="1px"
            borderColor="border"
            rounded="md"
            px="3"
            py="3"
            minH="11"
            size="lg"
            data-testid="cancel-choice"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>
              <Text as="span" display="block" fontWeight="medium">
                {t.name}
              </Text>
              <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                {`${ticketTypeLabel(t.type)} · Ticket number ${t.ticketNumber}`}
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Fieldset.Root>
  )
}

/**
 * Cancelling a ticketed booking, whole ("Cancel booking") or some of its
 * travellers: the travellers chosen, the airline's charges and the refund
 * shown, then confirmed. Once the cancellation is made the dialog closes
 * and focus goes to its status on the page, which follows it.
 */
export function CancelActions({ data }: { data: BookingWithPayments }) {
  const { booking } = data
  const held = heldTickets(data)
  const flights = useFlights(booking)
  const charges = useCancellationCharges(booking._id)
  const cancel = useCancelTickets(booking._id)
  const [mode, setMode] = useState<Mode | null>(null)
  const [step, setStep] = useState<'choose' | 'quote'>('choose')
  const [chosen, setChosen] = useState<number[]>([])
  const [chooseError, setChooseError] = useState<string>()
  const [moved, setMoved] = useState<{ quote: CancelQuote; message: string }>()
  const made = useRef<string | null>(null)
  // Focus goes back to the button that opened the dialog, unless a cancellation was made: the dialog's
  // own record of it is lost when a view takes focus before its focus trap starts.
  const opener = useRef<HTMLButtonElement | null>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const quoteRef = useRef<HTMLHeadingElement>(null)
  const errorRef = useRef<HTMLDivElement>(null)

  const quote = moved?.quote ?? charges.data
  let view: 'choose' | 'asking' | 'failed' | 'quote' = 'choose'
  if (step === 'quote') {
    if (charges.isPending) view = 'asking'
    else if (charges.isError) view = 'failed'
    else if (quote) view = 'quote'
  }
  // Each view's first words get focus, so a screen reader says where the dialog is now.
  const focusKey = `${view}:${chooseError ?? ''}:${moved?.quote.refund ?? ''}`
  useEffect(() => {
    const target = { choose: errorRef, asking: statusRef, failed: statusRef, quote: quoteRef }[view]
    target.current?.focus()
  }, [focusKey, view])

  const ask = (m: Mode, tickets: number[]) => {
    setMoved(undefined)
    cancel.reset()
    setStep('quote')
    charges.mutate(tickets, {
      onError: (error) => {
        // A choice the API refuses (an infant left without an adult) is changed where it was made.
        if (m === 'some' && error instanceof ApiError && error.status === 400) {
          setChooseError(error.message)
          setStep('choose')
        }
      },
    })
  }
  const open = (m: Mode, button: HTMLButtonElement) => {
    made.current = null
    opener.current = button
    setMode(m)
    setChosen([])
    setChooseError(undefined)
    setMoved(undefined)
    charges.reset()
    cancel.reset()
    if (m === 'whole') ask(m, [])
    else setStep('choose')
  }
  const close = () => {
    setMode(null)
    charges.reset()
  }
  // The tickets chosen in the order of the booking, as the quote lists them.
  const chosenTickets = () => held.map((t) => t.ticketId).filter((id) => chosen.includes(id))
  const seeCharges = () => {
    if (chosen.length === 0) {
      setChooseError(CANCEL_MESSAGES.chooseOne)
      return
    }
    setChooseError(undefined)
    ask('some', chosenTickets())
  }
  const confirm = (q: CancelQuote) => {
    cancel.mutate(
      { tickets: q.tickets.map((t) => t.ticketId), refund: q.refund },
      {
        onSuccess: (c) => {
          made.current = c._id
          close()
        },
        onError: (error) => {
          const next = changedQuote(error)
          if (next) setMoved({ quote: next, message: error.message })
        },
      },
    )
  }

  const busy = cancel.isPending
  const cancelError = cancel.isError && !changedQuote(cancel.error) ? cancel.error : null

  return (
    <>
      {/* The dialog stays when the last ticket is taken: it is closing, and gives focus to the cancellation. */}
      {held.length > 0 ? (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button variant="outline" colorPalette="red" size="lg" onClick={(e) => open('whole', e.currentTarget)}>
            Cancel booking
          </Button>
          {held.length >= 2 ? (
            <Button variant="outline" size="lg" onClick={(e) => open('some', e.currentTarget)}>
              Cancel some travellers
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Dialog.Root
        open={mode !== null}
        onOpenChange={(details) => {
          if (!details.open && !busy) close()
        }}
        size={{ base: 'full', md: 'lg' }}
        placement="center"
        scrollBehavior="inside"
        closeOnEscape={!busy}
        closeOnInteractOutside={!busy}
        initialFocusEl={() => statusRef.current ?? quoteRef.current}
        finalFocusEl={() =>
          made.current ? document.getElementById(cancellationStatusId(made.current)) : opener.current
        }
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title color="brand.fg">{mode ? TITLES[mode] : ''}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {view === 'choose' ? (
                  <ChooseView
                    held={held}
                    chosen={chosen}
                    onChange={(next) => {
                      setChosen(next)
                      if (next.length > 0 && chooseError === CANCEL_MESSAGES.chooseOne) setChooseError(undefined)
                    }}
                    error={chooseError}
                    errorRef={errorRef}
                  />
                ) : null}
                {view === 'asking' ? (
                  <HStack gap="3" ref={statusRef} tabIndex={-1} outline="none" role="status" py="6">
                    <Spinner size="sm" color="accent.solid" aria-hidden="true" flexShrink="0" />
                    <Text>{CANCEL_MESSAGES.asking}</Text>
                  </HStack>
                ) : null}
                {view === 'failed' ? (
                  <Box ref={statusRef} tabIndex={-1} outline="none">
                    <Alert.Root status="error" variant="subtle" role="alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{CANCEL_MESSAGES.chargesFailed}</Alert.Title>
                        <Alert.Description>
                          {failureText(charges.error, 'The airline did not answer. Please try again.')}
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                    {mode === 'some' ? <ChangeTravellers onClick={() => setStep('choose')} /> : null}
                  </Box>
                ) : null}
                {view === 'quote' && quote ? (
                  <Stack gap="4">
                    <QuoteView
                      quote={quote}
                      flights={flights}
                      changed={moved?.message}
                      focusRef={quoteRef}
                      onChange={mode === 'some' && !busy ? () => setStep('choose') : undefined}
                    />
                    {cancelError ? (
                      <Alert.Root status="error" variant="subtle" role="alert">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{CANCEL_MESSAGES.cancelFailed}</Alert.Title>
                          <Alert.Description>{failureText(cancelError, 'Please try again.')}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    ) : null}
                  </Stack>
                ) : null}
              </Dialog.Body>
              <Dialog.Footer flexDirection={{ base: 'column', sm: 'row' }} alignItems="stretch" gap="3">
                <Button variant="outline" size="lg" disabled={busy} onClick={close}>
                  Keep my booking
                </Button>
                {view === 'choose' ? (
                  <Button colorPalette="brand" size="lg" onClick={seeCharges}>
                    See charges
                  </Button>
                ) : null}
                {view === 'failed' && charges.error && retryable(charges.error) ? (
                  <Button
                    colorPalette="brand"
                    size="lg"
                    onClick={() => ask(mode ?? 'whole', mode === 'some' ? chosenTickets() : [])}
                  >
                    Try again
                  </Button>
                ) : null}
                {view === 'quote' && quote ? (
                  <Button
                    colorPalette="red"
                    size="lg"
                    loading={busy}
                    loadingText="Cancelling…"
                    onClick={() => confirm(quote)}
                  >
                    Confirm cancellation
                  </Button>
                ) : null}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild disabled={busy}>
                <CloseButton size="md" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}

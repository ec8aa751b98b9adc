import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { zodResolver } from '@hookform/resolvers/zod'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import { ErrorBanner } from '@/components/ui/error-banner'
import type { FareBreakdown, FlightResult } from '@/lib/api-types'
import { useInTurns } from '@/hooks/use-in-turns'
import { useWhenWanted } from '@/hooks/use-when-wanted'
import { todayISO } from '@/lib/calendar-date'
import { useExtras } from '../../api/use-extras'
import type { BookingFlow, TicketMode } from '../../hooks/use-booking-flow'
import type { PriceChange } from '../../lib/booking'
import { bookingMade, flowBooking } from '../../lib/booking-flow'
import { extrasBody, NO_EXTRAS, type ExtrasChoice, type ExtrasTraveller, type TravellerType } from '../../lib/extras'
import { awaitsPayment } from '../../lib/payment'
import {
  bookingSchema,
  fareRulesOf,
  formFieldOf,
  initialValues,
  knownPeople,
  slotHeading,
  toBookParts,
  type BookParts,
  type BookingValues,
  type CompanyDetails,
  type FareRules,
  type PassengerPrefill,
} from '../../lib/passenger'
import type { Travellers } from '../../lib/search-query'
import { BookingPanel } from './booking-panel'
import { EXTRAS_LOADING } from './extras-loading'
import type { FarePageProps } from './fare-page'
import { GSTFields } from './gst-fields'
import { PaymentStep } from './payment-step'
import { PriceChangeNotice } from './price-change-notice'
import { SaveCoTravellers, type HandTyped } from './save-co-travellers'
import { DocumentsReason, TravellerFields } from './traveller-fields'

const TRAVELLER_TYPES: Record<1 | 2 | 3, TravellerType> = { 1: 'adult', 2: 'child', 3: 'infant' }

// The seats, meals and baggage step sits below the traveller forms, off a phone's first screen:
// its code (the seat map and lists) is fetched once the traveller comes near it or starts filling
// the forms, not with the page.
const ExtrasSection = lazy(() => import('./extras-section').then((m) => ({ default: m.ExtrasSection })))

interface BookingProps extends FarePageProps {
  rules: FareRules
  flow: BookingFlow
  priceChange: PriceChange | undefined
  onAcceptQuote(): void
  traceId: string
  resultIndex: string
  isLCC: boolean | undefined
  /** The quote's fare per passenger type, for the payment step. */
  breakdown: FareBreakdown[] | null | undefined
}

export interface BookingSectionProps extends Omit<BookingProps, 'rules'> {
  /** The quoted fare, whose rules (documents, GST, passengers) the form follows. */
  result: FlightResult
  /** The search's travellers, when the link says. */
  travellers: Travellers | undefined
}

/**
 * The traveller forms, the Book and Ticket buttons and the payment step of
 * the fare page. The page loads this module while the fare is being quoted:
 * the itinerary and price paint without the form library and its schemas.
 */
/** No one: the people a form's choice of whom to fill from leaves out, with no other form filled. */
const NOBODY: ReadonlySet<string> = new Set()

export function BookingSection({ result, travellers, ...props }: BookingSectionProps) {
  const rules = useMemo(() => fareRulesOf(result, travellers, todayISO()), [result, travellers])
  if (!props.prefill || props.company === undefined) return <Text color="fg.muted">Loading your details…</Text>
  // A new set of rules (another fare, other travellers) starts a new form.
  return (
    <BookingForm
      key={JSON.stringify({ ...rules, today: '' })}
      {...props}
      rules={rules}
      prefill={props.prefill}
      company={props.company}
    />
  )
}

function BookingForm({
  prefill,
  coTravellers,
  company,
  saveCoTraveller,
  rules,
  flow,
  priceChange,
  onAcceptQuote,
  traceId,
  resultIndex,
  isLCC,
  breakdown,
}: BookingProps & { prefill: PassengerPrefill; company: CompanyDetails | null }) {
  const schema = useMemo(() => bookingSchema(rules), [rules])
  const form = useForm<BookingValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(rules, prefill, company),
  })
  const { handleSubmit, setError, getValues, control } = form
  const people = useMemo(() => knownPeople(prefill, coTravellers ?? []), [prefill, coTravellers])
  // Only whom each form was filled from: typing in one form re-renders none of the others.
  const sourceNames = useMemo(() => rules.slots.map((_, i) => `travellers.${i}.source` as const), [rules])
  const sources = useWatch({ control, name: sourceNames })
  // For each form, the people the other forms were filled from: the same sets until a form's source changes.
  const takenBy = useMemo(
    () => rules.slots.map((_, index) => new Set(sources.filter((s, i) => s && i !== index))),
    [rules, sources],
  )
  const [lastTicketMode, setLastTicketMode] = useState<TicketMode>('auto')
  // The travellers as last sent: those typed by hand may be kept once booked.
  const [sent, setSent] = useState<BookingValues>()

  const extras = useExtras({ traceId, resultIndex })
  const extrasTravellers = useMemo(
    () =>
      rules.slots.map((slot, index): ExtrasTraveller => ({
        index,
        label: slotHeading(slot),
        type: TRAVELLER_TYPES[slot.paxType],
      })),
    [rules],
  )
  const [extrasChoice, setExtrasChoice] = useState<ExtrasChoice>(NO_EXTRAS)
  const [extrasRef, extrasWanted] = useWhenWanted<HTMLDivElement>()
  const withExtras = (parts: BookParts): BookParts =>
    extras.data ? { ...parts, extras: extrasBody(extras.data, extrasTravellers, extrasChoice) } : parts
  // A full-service airline that lists its special meals takes the choice in the extras step:
  // the traveller forms then ask no meal of their own, so a meal is chosen in one place.
  const formRules = useMemo(
    () => (rules.takesMeal && extras.data?.mealPreferences.length ? { ...rules, takesMeal: false } : rules),
    [rules, extras.data],
  )

  const signatureOf = (values: BookingValues) => JSON.stringify({ values, extras: extrasChoice })

  const book = async (values: BookingValues) => {
    setSent(values)
    const failure = await flow.runBook(withExtras(toBookParts(values, formRules)), signatureOf(values))
    const field = failure ? formFieldOf(failure.field, rules.slots.length) : undefined
    if (failure && field) setError(field as Path<BookingValues>, { message: failure.message }, { shouldFocus: true })
  }
  const submit = handleSubmit(book)

  const ticket = (mode: TicketMode) => {
    setLastTicketMode(mode)
    const path = mode === 'auto' ? (isLCC ? 'lcc' : 'gds') : mode
    if (path === 'gds') {
      void flow.runTicket(mode, undefined, '')
      return
    }
    void handleSubmit((values) => {
      setSent(values)
      return flow.runTicket(mode, toBookParts(values, formRules), signatureOf(values))
    })()
  }

  const accept = () => {
    if (!priceChange) return
    if (priceChange.step === 'quote') {
      onAcceptQuote()
      return
    }
    flow.clearPriceChange()
    if (priceChange.step === 'book') void book(getValues())
    else ticket(lastTicketMode)
  }

  const handTyped: HandTyped[] =
    sent && bookingMade(flow.state)
      ? rules.slots.flatMap((slot, index) => {
          const values = sent.travellers[index]
          return values && !values.source ? [{ index, heading: slotHeading(slot), values }] : []
        })
      : []

  const { state } = flow
  const booking = state.step === 'booking'
  const made = flowBooking(state)
  // The form goes on the page in turns: each traveller's fields, then the GST fields and the Book
  // button, then the ticket panel (useInTurns).
  const shown = useInTurns(rules.slots.length + 2)
  const travellersShown = Math.min(shown, rules.slots.length)
  const restShown = shown > rules.slots.length
  const panelShown = shown > rules.slots.length + 1
  return (
    <>
      {priceChange ? <PriceChangeNotice change={priceChange} onAccept={accept} busy={state.step !== 'idle'} /> : null}
      <Card.Root>
        <Card.Body>
          <Stack asChild gap="6">
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Passenger details">
              <Heading as="h2" size="lg">
                Travellers
              </Heading>
              <DocumentsReason rules={rules} />
              {rules.slots.slice(0, travellersShown).map((slot, index) => (
                <TravellerFields
                  key={index}
                  form={form}
                  index={index}
                  slot={slot}
                  rules={formRules}
                  people={people}
                  taken={takenBy[index] ?? NOBODY}
                />
              ))}
              {restShown ? <GSTFields form={form} rules={rules} hasCompany={Boolean(company)} /> : null}
              <div ref={extrasRef}>
                {extrasWanted ? (
                  <Suspense fallback={<Text color="fg.muted">{EXTRAS_LOADING}</Text>}>
                    <ExtrasSection
                      extras={extras.data}
                      loading={extras.isPending}
                      travellers={extrasTravellers}
                      choice={extrasChoice}
                      onChange={setExtrasChoice}
                    />
                  </Suspense>
                ) : (
                  <Text color="fg.muted">{EXTRAS_LOADING}</Text>
                )}
              </div>
              {state.book.kind === 'failed' ? <ErrorBanner message={state.book.text} /> : null}
              {restShown ? (
                <Button
                  type="submit"
                  colorPalette="terracotta"
                  size="lg"
                  alignSelf="start"
                  disabled={booking || priceChange?.step === 'quote'}
                >
                  {booking ? 'Booking…' : 'Book'}
                </Button>
              ) : null}
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
      {awaitsPayment(made) ? (
        <Card.Root>
          <Card.Body>
            <PaymentStep
              key={made._id}
              booking={made}
              breakdown={breakdown}
              travellers={extrasTravellers.map((t) => t.label)}
            />
          </Card.Body>
        </Card.Root>
      ) : null}
      {panelShown ? (
        <Card.Root>
          <Card.Body>
            <BookingPanel flow={flow} traceId={traceId} resultIndex={resultIndex} isLCC={isLCC} onTicket={ticket} />
          </Card.Body>
        </Card.Root>
      ) : null}
      {handTyped.length ? (
        <Card.Root>
          <Card.Body>
            <SaveCoTravellers travellers={handTyped} onSave={saveCoTraveller} />
          </Card.Body>
        </Card.Root>
      ) : null}
    </>
  )
}

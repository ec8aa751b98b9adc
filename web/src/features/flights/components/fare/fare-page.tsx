import { Button } from '@chakra-ui/react/button'
import { Card } from '@chakra-ui/react/card'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import { useLocation, useSearchParams } from 'react-router'
import { ErrorBanner } from '@/components/ui/error-banner'
import type { FareBreakdown } from '@/lib/api-types'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { useFareQuote } from '../../api/use-fare-quote'
import { useBookingFlow, type TicketMode } from '../../hooks/use-booking-flow'
import { isSessionExpired, type PriceChange } from '../../lib/booking'
import { awaitsPayment } from '../../lib/payment'
import { todayISO } from '@/lib/calendar-date'
import { freshSearchPath, MISSING_PARAMS_MESSAGE, readFareParams } from '../../lib/fare-params'
import { FARE_MESSAGES, failureText } from '../../lib/fare-messages'
import {
  bookingSchema,
  fareRulesOf,
  formFieldOf,
  initialValues,
  knownPeople,
  slotHeading,
  toBookParts,
  type BookingValues,
  type CompanyDetails,
  type FareRules,
  type NewCoTraveller,
  type PassengerPrefill,
  type SavedTraveller,
} from '../../lib/passenger'
import { toListFlight, type ListFlight } from '../../lib/results'
import { BookingPanel } from './booking-panel'
import { FareRulesPanel } from './fare-rules-panel'
import { ItinerarySummary, PriceSummary } from './fare-summary'
import { GSTFields } from './gst-fields'
import { PaymentStep } from './payment-step'
import { PriceChangeNotice } from './price-change-notice'
import { SaveCoTravellers, type HandTyped } from './save-co-travellers'
import { SessionTimer } from './session-timer'
import { DocumentsReason, TravellerFields } from './traveller-fields'

const TITLE = 'Fare and booking'

/** What the results list passes along when a flight is chosen (spec 2.13). */
interface ChosenState {
  flight?: ListFlight
  traceId?: string
}

export interface FarePageProps {
  /** The signed-in traveller's details for the form ("Me"); undefined while they load. */
  prefill: PassengerPrefill | undefined
  /** The account's saved co-travellers, offered to fill the forms from; undefined while they load. */
  coTravellers: SavedTraveller[] | undefined
  /** The account's company (a MyBiz account's) for GST; null for none, undefined while it loads. */
  company: CompanyDetails | null | undefined
  /** Keeps a traveller typed by hand as a co-traveller. */
  saveCoTraveller(person: NewCoTraveller): Promise<unknown>
}

/** The fare and book page (spec 2.14): /flights/fare and /flights/review. */
export function FarePage(props: FarePageProps) {
  const [query] = useSearchParams()
  const params = useMemo(() => readFareParams(query), [query])
  const { traceId, resultIndex } = params
  if (!traceId || !resultIndex) {
    return (
      <PageContainer>
        <Stack gap="4">
          <PageHeading title={TITLE} />
          <ErrorBanner message={MISSING_PARAMS_MESSAGE} />
          <RouterLink to="/flights">Back to flights</RouterLink>
        </Stack>
      </PageContainer>
    )
  }
  return <Fare key={`${traceId}|${resultIndex}`} params={params} {...props} />
}

function Fare({ params, ...people }: FarePageProps & { params: ReturnType<typeof readFareParams> }) {
  const { traceId, resultIndex, searchedAt, selection } = params
  const location = useLocation()
  const chosen = (location.state ?? undefined) as ChosenState | undefined
  const trace = useMemo(() => ({ traceId, resultIndex }), [traceId, resultIndex])
  const quote = useFareQuote(trace)
  const result = quote.data?.result
  const quotedFlight = useMemo(() => (result ? toListFlight(result) : undefined), [result])
  const flight = quotedFlight ?? (chosen?.flight?.id === resultIndex ? chosen.flight : undefined)
  const isLCC = result?.IsLCC ?? flight?.isLCC
  const rules = useMemo(
    () => (result ? fareRulesOf(result, params.travellers, todayISO()) : undefined),
    [result, params.travellers],
  )
  const searchPath = freshSearchPath(selection)
  const flow = useBookingFlow({ traceId, resultIndex, isLCC: Boolean(isLCC) })
  const [quoteChangeAccepted, setQuoteChangeAccepted] = useState(false)

  const quoteChange: PriceChange | undefined =
    quote.data?.priceChanged && !quoteChangeAccepted
      ? {
          step: 'quote',
          oldPrice: chosen?.flight?.id === resultIndex ? chosen.flight.price : '',
          newPrice: quote.data.result.Fare.PublishedFare,
          currency: quote.data.result.Fare.Currency || 'INR',
        }
      : undefined
  const priceChange = flow.priceChange ?? quoteChange

  const expired = flow.expired || isSessionExpired(quote.error)

  return (
    <PageContainer>
      <Stack gap="6">
        <PageHeading title={TITLE} />
        <SessionTimer searchedAt={searchedAt} searchPath={searchPath} expired={expired} />
        {quote.isError && !isSessionExpired(quote.error) ? (
          <ErrorBanner message={failureText(quote.error, FARE_MESSAGES.loadFailed)} />
        ) : null}
        {quote.isPending ? <Text color="fg.muted">Loading fare…</Text> : null}
        {flight ? (
          <Card.Root>
            <Card.Body>
              <ItinerarySummary flight={flight} />
            </Card.Body>
          </Card.Root>
        ) : null}
        {result ? (
          <Card.Root>
            <Card.Body>
              <PriceSummary result={result} />
            </Card.Body>
          </Card.Root>
        ) : null}
        <Card.Root>
          <Card.Body>
            <FareRulesPanel trace={trace} />
          </Card.Body>
        </Card.Root>
        {rules ? (
          <Booking
            key={JSON.stringify({ ...rules, today: '' })}
            {...people}
            rules={rules}
            flow={flow}
            priceChange={priceChange}
            onAcceptQuote={() => setQuoteChangeAccepted(true)}
            traceId={traceId}
            resultIndex={resultIndex}
            isLCC={isLCC}
            breakdown={result?.FareBreakdown}
          />
        ) : null}
      </Stack>
    </PageContainer>
  )
}

interface BookingProps extends FarePageProps {
  rules: FareRules
  flow: ReturnType<typeof useBookingFlow>
  priceChange: PriceChange | undefined
  onAcceptQuote(): void
  traceId: string
  resultIndex: string
  isLCC: boolean | undefined
  /** The quote's fare per passenger type, for the payment step. */
  breakdown: FareBreakdown[] | null | undefined
}

function Booking(props: BookingProps) {
  if (!props.prefill || props.company === undefined) return <Text color="fg.muted">Loading your details…</Text>
  return <BookingForm {...props} prefill={props.prefill} company={props.company} />
}

/** Whether a book or ticket answer left a booking made: ticketed, or booked (a GDS fare). */
function bookingMade(flow: ReturnType<typeof useBookingFlow>): boolean {
  return [flow.ticket, flow.book].some((o) => o?.booking.status === 'ticketed' || o?.booking.status === 'booked')
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
  const [lastTicketMode, setLastTicketMode] = useState<TicketMode>('auto')
  // The travellers as last sent: those typed by hand may be kept once booked.
  const [sent, setSent] = useState<BookingValues>()

  const signatureOf = (values: BookingValues) => JSON.stringify(values)

  const book = async (values: BookingValues) => {
    setSent(values)
    const failure = await flow.runBook(toBookParts(values, rules), signatureOf(values))
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
      return flow.runTicket(mode, toBookParts(values, rules), signatureOf(values))
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
    sent && bookingMade(flow)
      ? rules.slots.flatMap((slot, index) => {
          const values = sent.travellers[index]
          return values && !values.source ? [{ index, heading: slotHeading(slot), values }] : []
        })
      : []

  const booking = flow.busy === 'book'
  const made = flow.ticket?.booking ?? flow.book?.booking
  return (
    <>
      {priceChange ? <PriceChangeNotice change={priceChange} onAccept={accept} busy={flow.busy !== null} /> : null}
      <Card.Root>
        <Card.Body>
          <Stack asChild gap="6">
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Passenger details">
              <Heading as="h2" size="lg">
                Travellers
              </Heading>
              <DocumentsReason rules={rules} />
              {rules.slots.map((slot, index) => (
                <TravellerFields
                  key={index}
                  form={form}
                  index={index}
                  slot={slot}
                  rules={rules}
                  people={people}
                  taken={new Set(sources.filter((s, i) => s && i !== index))}
                />
              ))}
              <GSTFields form={form} rules={rules} hasCompany={Boolean(company)} />
              {flow.bookError ? <ErrorBanner message={flow.bookError} /> : null}
              <Button
                type="submit"
                colorPalette="terracotta"
                size="lg"
                alignSelf="start"
                disabled={booking || priceChange?.step === 'quote'}
              >
                {booking ? 'Booking…' : 'Book'}
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
      {awaitsPayment(made) ? (
        <Card.Root>
          <Card.Body>
            <PaymentStep key={made._id} booking={made} breakdown={breakdown} />
          </Card.Body>
        </Card.Root>
      ) : null}
      <Card.Root>
        <Card.Body>
          <BookingPanel flow={flow} traceId={traceId} resultIndex={resultIndex} isLCC={isLCC} onTicket={ticket} />
        </Card.Body>
      </Card.Root>
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

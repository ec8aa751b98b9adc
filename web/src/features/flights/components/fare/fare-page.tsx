import { Button, Card, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation, useSearchParams } from 'react-router'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { useFareQuote } from '../../api/use-fare-quote'
import { useBookingFlow, type TicketMode } from '../../hooks/use-booking-flow'
import { isSessionExpired, type PriceChange } from '../../lib/booking'
import { todayISO } from '@/lib/calendar-date'
import { freshSearchPath, MISSING_PARAMS_MESSAGE, readFareParams } from '../../lib/fare-params'
import { FARE_MESSAGES, failureText } from '../../lib/fare-messages'
import {
  passengerSchema,
  prefillValues,
  toPassengerParts,
  type PassengerPrefill,
  type PassengerValues,
} from '../../lib/passenger'
import { toListFlight, type ListFlight } from '../../lib/results'
import { BookingPanel } from './booking-panel'
import { FareRulesPanel } from './fare-rules-panel'
import { ItinerarySummary, PriceSummary } from './fare-summary'
import { PassengerFields } from './passenger-fields'
import { PriceChangeNotice } from './price-change-notice'
import { SessionTimer } from './session-timer'

const TITLE = 'Fare and booking'

/** What the results list passes along when a flight is chosen (spec 2.13). */
interface ChosenState {
  flight?: ListFlight
  traceId?: string
}

/** API fields (passengers[0].X, address.X) as the form's fields. */
const API_FIELDS: Record<string, keyof PassengerValues> = {
  Title: 'title',
  FirstName: 'firstName',
  LastName: 'lastName',
  DateOfBirth: 'dateOfBirth',
  Gender: 'gender',
  Email: 'email',
  ContactNo: 'mobile',
  AddressLine1: 'addressLine1',
  AddressLine2: 'addressLine2',
  City: 'city',
  CountryCode: 'countryCode',
  ZipCode: 'zipCode',
  PassportNo: 'passportNo',
  PassportExpiry: 'passportExpiry',
  Nationality: 'passportCountry',
}

function formFieldOf(apiField: string): keyof PassengerValues | undefined {
  return API_FIELDS[apiField.split('.').pop() ?? '']
}

export interface FarePageProps {
  /** The signed-in traveller's details for the form; undefined while they load. */
  prefill: PassengerPrefill | undefined
}

/** The fare and book page (spec 2.14): /flights/fare and /flights/review. */
export function FarePage({ prefill }: FarePageProps) {
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
  return <Fare key={`${traceId}|${resultIndex}`} params={params} prefill={prefill} />
}

function Fare({
  params,
  prefill,
}: {
  params: ReturnType<typeof readFareParams>
  prefill: PassengerPrefill | undefined
}) {
  const { traceId, resultIndex, searchedAt, selection } = params
  const location = useLocation()
  const chosen = (location.state ?? undefined) as ChosenState | undefined
  const trace = useMemo(() => ({ traceId, resultIndex }), [traceId, resultIndex])
  const quote = useFareQuote(trace)
  const result = quote.data?.result
  const quotedFlight = useMemo(() => (result ? toListFlight(result) : undefined), [result])
  const flight = quotedFlight ?? (chosen?.flight?.id === resultIndex ? chosen.flight : undefined)
  const isLCC = result?.IsLCC ?? flight?.isLCC
  const needsPassport = Boolean(result?.IsPassportRequiredAtBook || result?.IsPassportRequiredAtTicket)
  const travelDate = flight?.departure.slice(0, 10)
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
        {result ? (
          <Booking
            key={needsPassport ? 'passport' : 'plain'}
            prefill={prefill}
            needsPassport={needsPassport}
            travelDate={travelDate}
            flow={flow}
            priceChange={priceChange}
            onAcceptQuote={() => setQuoteChangeAccepted(true)}
            traceId={traceId}
            resultIndex={resultIndex}
            isLCC={isLCC}
          />
        ) : null}
      </Stack>
    </PageContainer>
  )
}

interface BookingProps {
  prefill: PassengerPrefill | undefined
  needsPassport: boolean
  travelDate: string | undefined
  flow: ReturnType<typeof useBookingFlow>
  priceChange: PriceChange | undefined
  onAcceptQuote(): void
  traceId: string
  resultIndex: string
  isLCC: boolean | undefined
}

function Booking(props: BookingProps) {
  if (!props.prefill) return <Text color="fg.muted">Loading your details…</Text>
  return <BookingForm {...props} prefill={props.prefill} />
}

function BookingForm({
  prefill,
  needsPassport,
  travelDate,
  flow,
  priceChange,
  onAcceptQuote,
  traceId,
  resultIndex,
  isLCC,
}: BookingProps & { prefill: PassengerPrefill }) {
  const schema = useMemo(
    () => passengerSchema({ today: todayISO(), needsPassport, travelDate }),
    [needsPassport, travelDate],
  )
  const { register, handleSubmit, setError, getValues, formState } = useForm<PassengerValues>({
    resolver: zodResolver(schema),
    defaultValues: prefillValues(prefill),
  })
  const [lastTicketMode, setLastTicketMode] = useState<TicketMode>('auto')

  const signatureOf = (values: PassengerValues) => JSON.stringify(values)

  const book = async (values: PassengerValues) => {
    const failure = await flow.runBook(toPassengerParts(values, needsPassport), signatureOf(values))
    const field = failure ? formFieldOf(failure.field) : undefined
    if (failure && field) setError(field, { message: failure.message }, { shouldFocus: true })
  }
  const submit = handleSubmit(book)

  const ticket = (mode: TicketMode) => {
    setLastTicketMode(mode)
    const path = mode === 'auto' ? (isLCC ? 'lcc' : 'gds') : mode
    if (path === 'gds') {
      void flow.runTicket(mode, undefined, '')
      return
    }
    void handleSubmit((values) => flow.runTicket(mode, toPassengerParts(values, needsPassport), signatureOf(values)))()
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

  const booking = flow.busy === 'book'
  return (
    <>
      {priceChange ? <PriceChangeNotice change={priceChange} onAccept={accept} busy={flow.busy !== null} /> : null}
      <Card.Root>
        <Card.Body>
          <Stack asChild gap="4">
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Passenger details">
              <PassengerFields register={register} errors={formState.errors} needsPassport={needsPassport} />
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
      <Card.Root>
        <Card.Body>
          <BookingPanel flow={flow} traceId={traceId} resultIndex={resultIndex} isLCC={isLCC} onTicket={ticket} />
        </Card.Body>
      </Card.Root>
    </>
  )
}

import { Card } from '@chakra-ui/react/card'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { ErrorBanner } from '@/components/ui/error-banner'
import { PageContainer, PageHeading } from '@/components/ui/page-heading'
import { RouterLink } from '@/components/ui/router-link'
import { paths } from '@/config/paths'
import { FIRST_SCREEN, FIRST_SCREEN_UNTIL } from '@/lib/first-screen'
import { usePrerendering } from '@/lib/prerendering'
import { useFareQuote } from '../../api/use-fare-quote'
import { useFareRules } from '../../api/use-fare-rules'
import { useBookingFlow } from '../../hooks/use-booking-flow'
import { isSessionExpired, type PriceChange } from '../../lib/booking'
import { freshSearchPath } from '../../lib/fare-link'
import { MISSING_PARAMS_MESSAGE, readFareParams } from '../../lib/fare-params'
import { FARE_MESSAGES, failureText } from '../../lib/fare-messages'
import type { CompanyDetails, NewCoTraveller, PassengerPrefill, SavedTraveller } from '../../lib/passenger'
import { toListFlight, type FlightLeg, type ListFlight } from '../../lib/results'
import { FareRulesPanel } from './fare-rules-panel'
import { ItinerarySummary, PriceSummary } from './fare-summary'
import { SessionTimer } from './session-timer'

const TITLE = 'Fare and booking'

// The traveller forms (the form library, the schemas, the payment step) are a
// chunk of their own, fetched as soon as the page opens and needed only once
// the fare is quoted.
const loadBookingSection = () => import('./booking-section')
const BookingSection = lazy(() => loadBookingSection().then((m) => ({ default: m.BookingSection })))

/** A flight's ends and times, the same for the leg and its one flight in ITINERARY_SHAPE. */
const SHAPE_TIMES = {
  origin: 'BOM',
  destination: 'DEL',
  departure: '2000-01-01T06:00:00',
  arrival: '2000-01-01T08:10:00',
  departTime: '06:00',
  arriveTime: '08:10',
  durationMins: 130,
}

/** The shape of an itinerary, every line in it: a leg of one flight, flown by another airline. */
const ITINERARY_SHAPE: FlightLeg[] = [
  {
    ...SHAPE_TIMES,
    stops: 0,
    segments: [
      {
        ...SHAPE_TIMES,
        airlineCode: 'XX',
        airlineName: 'Airline',
        flightNumber: '100',
        operatedBy: 'YY',
        groundMins: 0,
        originTerminal: '2',
        destinationTerminal: '1',
      },
    ],
  },
]

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
          <RouterLink to={paths.flights()}>Back to flights</RouterLink>
        </Stack>
      </PageContainer>
    )
  }
  return <Fare key={`${traceId}|${resultIndex}`} params={params} {...props} />
}

function Fare({ params, ...people }: FarePageProps & { params: ReturnType<typeof readFareParams> }) {
  const { traceId, resultIndex, searchedAt, selection } = params
  const prerendering = usePrerendering()
  const location = useLocation()
  const chosen = (location.state ?? undefined) as ChosenState | undefined
  const trace = useMemo(() => ({ traceId, resultIndex }), [traceId, resultIndex])
  const quote = useFareQuote(trace)
  // The rules are asked for with the quote; their card shows once the quote is in, below it, so that
  // nothing on the screen moves when the quote arrives.
  useFareRules(trace)
  const result = quote.data?.result
  // The booking form is the page's heaviest render by far: it follows the quote as a deferred value,
  // rendered in slices after the itinerary and price (what the traveller looks at first) are shown.
  const formResult = useDeferredValue(result)
  const quotedFlight = useMemo(() => (result ? toListFlight(result) : undefined), [result])
  const flight = quotedFlight ?? (chosen?.flight?.id === resultIndex ? chosen.flight : undefined)
  const isLCC = result?.IsLCC ?? flight?.isLCC
  const searchPath = freshSearchPath(selection)
  const flow = useBookingFlow({ traceId, resultIndex, isLCC: Boolean(isLCC) })
  // The booking form's code comes while the fare is quoted.
  useEffect(() => void loadBookingSection(), [])
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
  const priceChange = flow.state.priceChange ?? quoteChange

  const expired = flow.state.expired || isSessionExpired(quote.error)

  return (
    <PageContainer>
      <Stack gap="6">
        <PageHeading title={TITLE} />
        <SessionTimer searchedAt={searchedAt} searchPath={searchPath} expired={expired} />
        {quote.isError && !isSessionExpired(quote.error) ? (
          <ErrorBanner message={failureText(quote.error, FARE_MESSAGES.loadFailed)} />
        ) : null}
        {quote.isPending ? (
          <Text color="fg.muted" {...(prerendering && { [FIRST_SCREEN_UNTIL]: FIRST_SCREEN.fareItinerary })}>
            Loading fare…
          </Text>
        ) : null}
        {prerendering ? (
          // Rendered ahead of time, the page has no quote yet: its itinerary is laid out hidden, one leg of
          // one flight, for src/boot.ts to draw from the quote it asked for as soon as it is in.
          <Card.Root visibility="hidden" data-first-screen={FIRST_SCREEN.fareItinerary}>
            <Card.Body>
              <ItinerarySummary legs={ITINERARY_SHAPE} />
            </Card.Body>
          </Card.Root>
        ) : flight ? (
          <Card.Root>
            <Card.Body>
              <ItinerarySummary legs={flight.legs} />
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
        {quote.isPending ? null : (
          <Card.Root>
            <Card.Body>
              <FareRulesPanel trace={trace} />
            </Card.Body>
          </Card.Root>
        )}
        {formResult ? (
          <Suspense fallback={<Text color="fg.muted">Loading the booking form…</Text>}>
            <BookingSection
              {...people}
              result={formResult}
              travellers={params.travellers}
              flow={flow}
              priceChange={priceChange}
              onAcceptQuote={() => setQuoteChangeAccepted(true)}
              traceId={traceId}
              resultIndex={resultIndex}
              isLCC={isLCC}
              breakdown={formResult.FareBreakdown}
            />
          </Suspense>
        ) : null}
      </Stack>
    </PageContainer>
  )
}

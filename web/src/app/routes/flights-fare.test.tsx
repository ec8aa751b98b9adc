import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse, type RequestHandler } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toProfileForm } from '@/features/account/utils/profile-fields'
import { formatLastTicketDate } from '@/features/flights/lib/dates'
import { saveSelectedFlight, saveTrace } from '@/features/flights/lib/selection'
import {
  familyFareResult,
  fareQuoteDocument,
  fareRuleDocument,
  flightResult,
  resultIndex,
  TRACE_ID,
  type FamilyFareOptions,
} from '@/testing/flights'
import { DEL_BOM, gdsExtras, lccExtras, noExtras } from '@/features/flights/components/extras/fixtures'
import { api, errorReply } from '@/testing/handlers'
import { BOOKING_ID, CHECKOUT_ACTION, paymentOrder } from '@/testing/payments'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderRoutes, testUser, type RecordedCall } from '@/testing/test-utils'
import type {
  BookInput,
  Booking,
  BookingDetailsDocument,
  BookingOutcome,
  CoTraveller,
  FlightResult,
  Profile,
} from '@/testing/wire'
import { routes } from '../router'

// The supplier's shape: a source tag in brackets, base64 with + and /, padding.
const INDEX = `${resultIndex(7).slice(0, 640)}Q+x/7+Zk/Lm+0/aP==`
const user = testUser({ fullName: 'Asha Rao', email: 'asha@example.in', phone: '+919876543210' })
const profile: Profile = {
  ...toProfileForm(null),
  dob: '1990-04-12',
  gender: 'female',
  city: 'Pune',
  postalCode: '411001',
}

function farePath(traceId = TRACE_ID, index = INDEX, path = '/flights/fare') {
  return `${path}?traceId=${encodeURIComponent(traceId)}&resultIndex=${encodeURIComponent(index)}`
}

function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: BOOKING_ID,
    supplier: 'tbo',
    status: 'booked',
    isLCC: false,
    traceId: TRACE_ID,
    resultIndex: INDEX,
    extras: [],
    extrasPrice: '0',
    price: '5293.46',
    currency: 'INR',
    origin: 'BOM',
    destination: 'DEL',
    departure: '2027-01-15T06:05:00',
    airline: '6E',
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-22T10:00:00Z',
    ...overrides,
  }
}

function outcome(o: { bookingId?: number; pnr?: string; message?: string; fare?: string; b?: Partial<Booking> } = {}) {
  const body: BookingOutcome = {
    ok: true,
    data: {
      Response: {
        ResponseStatus: 1,
        Response: {
          BookingId: o.bookingId,
          PNR: o.pnr,
          FlightItinerary: o.fare
            ? {
                BookingId: o.bookingId ?? 0,
                PNR: o.pnr ?? '',
                Fare: { Currency: 'INR', BaseFare: '4000', Tax: '1', PublishedFare: o.fare },
              }
            : undefined,
        },
      },
    },
    booking: booking({ bookingId: o.bookingId, pnr: o.pnr, ...o.b }),
    message: o.message,
  }
  return body
}

function details(ticket = 'TKT1234567'): BookingDetailsDocument {
  return {
    Response: {
      ResponseStatus: 1,
      FlightItinerary: {
        BookingId: 4711,
        PNR: 'ABC123',
        Passenger: [{ Title: 'Ms', FirstName: 'ASHA', LastName: 'RAO', Ticket: { TicketNumber: ticket } }],
      },
    },
  }
}

/** A signed-in traveller on the fare page; `result` is what the quote answers. */
function setup(result: FlightResult = flightResult({ isLCC: false }), ...overrides: RequestHandler[]) {
  server.use(
    api.me(() => HttpResponse.json({ user })),
    api.profile(() => HttpResponse.json({ profile })),
    api.coTravellers(() => HttpResponse.json({ items: [] })),
    api.fareQuote(() => HttpResponse.json({ ok: true as const, data: fareQuoteDocument(result) })),
    api.fareRule(() => HttpResponse.json({ ok: true as const, data: fareRuleDocument() })),
    api.extras(() => HttpResponse.json({ ok: true as const, data: noExtras() })),
  )
  if (overrides.length) server.use(...overrides)
}

const calls = (all: RecordedCall[], path: string) => all.filter((c) => c.path.endsWith(path))
const bookButton = () => screen.findByRole('button', { name: 'Book' }, { timeout: 5000 })

async function fillAddress() {
  const line1 = await screen.findByLabelText(/Address line 1/)
  await userEvent.type(line1, '12 MG Road')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('fare page parameters', () => {
  it('says what is missing and links back to the flights without traceId or resultIndex', async () => {
    setup()
    renderRoutes({ routes, initialEntries: ['/flights/fare?traceId=abc'] })
    expect(
      await screen.findByText('Missing traceId or resultIndex. Please go back and select a flight again.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to flights' })).toHaveAttribute('href', '/flights')
  })

  it('falls back to the trace and the flight kept in session storage', async () => {
    setup()
    saveTrace(TRACE_ID)
    saveSelectedFlight({ id: INDEX, from: 'BOM', to: 'DEL', date: '2027-01-15', at: Date.now() })
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: ['/flights/fare'] })
    expect(await screen.findByTestId('fare-price')).toHaveTextContent('₹5,293.46')
    expect(calls(all, '/fare-quote')[0]?.body).toEqual({ traceId: TRACE_ID, resultIndex: INDEX })
  })

  it('adds the charges the passenger lines leave out, so the table totals the price', async () => {
    const result = flightResult({ isLCC: false, price: '5318.46' })
    setup(result)
    saveTrace(TRACE_ID)
    saveSelectedFlight({ id: result.ResultIndex, from: 'BOM', to: 'DEL', date: '2027-01-15', at: Date.now() })
    renderRoutes({ routes, initialEntries: ['/flights/fare'] })
    expect(await screen.findByTestId('fare-price')).toHaveTextContent('₹5,318.46')
    const table = screen.getByRole('table', { name: 'Fare per passenger type' })
    expect(within(table).getByRole('row', { name: /Adult × 1/ })).toHaveTextContent('₹5,293.46')
    expect(within(table).getByRole('row', { name: /Other charges and fees/ })).toHaveTextContent('₹25')
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('₹5,318.46')
  })

  it('passes a 700-character index with + / = [ ] from the URL to the quote byte for byte (t and ri aliases)', async () => {
    setup()
    expect(INDEX.length).toBeGreaterThan(650)
    expect(INDEX).toMatch(/\+/)
    expect(INDEX).toMatch(/\//)
    expect(INDEX).toMatch(/\[TBO\].*==$/)
    const all = recordCalls()
    renderRoutes({
      routes,
      initialEntries: [`/flights/review?t=${encodeURIComponent(TRACE_ID)}&ri=${encodeURIComponent(INDEX)}`],
    })
    await screen.findByTestId('fare-price')
    await waitFor(() => expect(calls(all, '/fare-rule')[0]?.body).toBeDefined())
    expect((calls(all, '/fare-quote')[0]?.body as { resultIndex: string }).resultIndex).toBe(INDEX)
    expect((calls(all, '/fare-rule')[0]?.body as { resultIndex: string }).resultIndex).toBe(INDEX)
  })
})

describe('fare quote and rules', () => {
  it('loads the quote and the rules in parallel', async () => {
    const held = deferred<void>()
    setup(
      flightResult({ isLCC: false }),
      api.fareQuote(async () => {
        await held.promise
        return HttpResponse.json({ ok: true as const, data: fareQuoteDocument(flightResult({ isLCC: false })) })
      }),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    // The rules are asked for while the quote is still held ...
    await waitFor(() => expect(calls(all, '/fare-rule')).toHaveLength(1))
    expect(calls(all, '/fare-quote')).toHaveLength(1)
    expect(screen.getByText('Loading fare…')).toBeInTheDocument()
    // ... and shown with the quote, below it, so that the price does not push them down the screen.
    expect(screen.queryByText('Show fare rules')).not.toBeInTheDocument()
    held.resolve()
    expect(await screen.findByTestId('fare-price')).toBeInTheDocument()
    expect(await screen.findByText('Show fare rules')).toBeInTheDocument()
    expect(calls(all, '/fare-rule')).toHaveLength(1)
  })

  it('shows the itinerary from the results list at once, with codeshare and terminal', async () => {
    const flight = flightResult({ isLCC: false, operatingCarrier: 'AI' })
    const held = deferred<void>()
    setup(
      flight,
      api.fareQuote(async () => {
        await held.promise
        return HttpResponse.json({ ok: true as const, data: fareQuoteDocument(flight) })
      }),
    )
    const { toListFlight } = await import('@/features/flights/lib/results')
    // Memory history serialises its state; a browser's keeps the bigint price as it is.
    const chosen = { ...toListFlight({ ...flight, ResultIndex: INDEX }), pricePaise: null }
    renderRoutes({
      routes,
      initialEntries: [
        {
          pathname: '/flights/fare',
          search: `?${farePath().split('?')[1]}`,
          state: { flight: chosen, traceId: TRACE_ID },
        } as never,
      ],
    })
    expect(await screen.findByText('Operated by AI')).toBeInTheDocument()
    expect(screen.getByText(/Terminal 1/)).toBeInTheDocument()
    held.resolve()
  })

  it('shows a rules failure alone, with a Retry that loads them', async () => {
    let fail = true
    setup(
      flightResult({ isLCC: false }),
      api.fareRule(() =>
        fail
          ? errorReply(504, { error: 'supplier_timeout', message: 'Request timed out after 120000 ms' })
          : HttpResponse.json({ ok: true as const, data: fareRuleDocument('<p>Cancellation fee ₹3,000</p>') }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText('Failed to load fare rules (timeout).')).toBeInTheDocument()
    expect(await screen.findByTestId('fare-price')).toHaveTextContent('₹5,293.46')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await userEvent.click(await screen.findByText('Show fare rules'))
    expect(await screen.findByText('Cancellation fee ₹3,000')).toBeInTheDocument()
    expect(screen.queryByText('Failed to load fare rules (timeout).')).not.toBeInTheDocument()
  })

  it('removes scripts and event handlers from the rules HTML', async () => {
    setup(
      flightResult({ isLCC: false }),
      api.fareRule(() =>
        HttpResponse.json({
          ok: true as const,
          data: fareRuleDocument(
            '<p>Date change ₹2,500</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">',
          ),
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    // Cleaned when first opened: the cleaner's code comes with that, not with the page.
    await userEvent.click(await screen.findByText('Show fare rules'))
    const rules = await screen.findByTestId('fare-rules')
    expect(rules).toHaveTextContent('Date change ₹2,500')
    expect(rules.querySelector('script')).toBeNull()
    expect(rules.querySelector('img')?.getAttribute('onerror')).toBeNull()
    expect(rules.innerHTML).not.toMatch(/onerror|__pwned/)
  })

  it("says 'No rules received.' when the rules are empty", async () => {
    setup(
      flightResult({ isLCC: false }),
      api.fareRule(() => HttpResponse.json({ ok: true as const, data: fareRuleDocument('') })),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText('No rules received.')).toBeInTheDocument()
  })

  it("says 'No FareQuote results' when the quote has none", async () => {
    setup(
      flightResult(),
      api.fareQuote(() =>
        HttpResponse.json({
          ok: true as const,
          data: { Response: { ResponseStatus: 1, TraceId: TRACE_ID, Results: null } },
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText('No FareQuote results')).toBeInTheDocument()
  })

  it("says 'Failed to load fare.' when the quote fails without a message, else the API's message", async () => {
    setup(
      flightResult(),
      api.fareQuote(() => errorReply(500, { error: 'internal' })),
    )
    const first = renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText('Failed to load fare.')).toBeInTheDocument()
    first.unmount()
    server.use(
      api.fareQuote(() => errorReply(502, { error: 'supplier_failed', message: 'The airline is not answering.' })),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText('The airline is not answering.')).toBeInTheDocument()
  })

  it('shows the price with its breakdown, refundability, last ticket date and LCC flag', async () => {
    setup(flightResult({ isLCC: true, lastTicketDate: '31AUG27' }))
    renderRoutes({ routes, initialEntries: [farePath()] })
    const price = await screen.findByTestId('fare-price')
    expect(price).toHaveTextContent('₹5,293.46')
    expect(screen.getByText('Adult × 1')).toBeInTheDocument()
    expect(screen.getByText('₹4,000')).toBeInTheDocument()
    expect(screen.getByText('₹1,293.46')).toBeInTheDocument()
    expect(screen.getByText('Non-refundable')).toBeInTheDocument()
    expect(screen.getByText('Low-cost carrier (LCC)')).toBeInTheDocument()
    expect(screen.getByText(`Last ticket date: ${formatLastTicketDate('31AUG27')}`)).toBeInTheDocument()
    expect(formatLastTicketDate('31AUG27')).toMatch(/31 Aug,? 2027/)
    expect(document.body).not.toHaveTextContent('null')
  })
})

describe('session expiry', () => {
  it('counts down the fares held and then offers a fresh search', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    setup()
    saveTrace(TRACE_ID, Date.now() - 15 * 60 * 1000 + 3000)
    saveSelectedFlight({ id: INDEX, from: 'BOM', to: 'DEL', date: '2027-01-15', at: Date.now(), traceId: TRACE_ID })
    renderRoutes({ routes, initialEntries: [farePath()] })
    const timer = await screen.findByTestId('session-timer')
    expect(timer).toHaveTextContent(/Fares held for 0:0[1-3]/)
    expect(timer).not.toHaveAttribute('aria-live')
    act(() => {
      vi.advanceTimersByTime(4000)
    })
    expect(await screen.findByText(/fare session has expired/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Search again' })).toHaveAttribute(
      'href',
      '/flights?from=BOM&to=DEL&date=2027-01-15',
    )
  })

  it('offers the same fresh search when the API says the session expired', async () => {
    setup(
      flightResult(),
      api.fareQuote(() =>
        errorReply(422, {
          error: 'supplier_refused',
          message: 'Failed to load fare.',
          detail: 'Your session (TraceId) is expired.',
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText(/fare session has expired/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Search again' })).toHaveAttribute('href', '/flights')
  })
})

describe('passenger form', () => {
  it('is filled from the account and its profile', async () => {
    setup()
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Asha')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Rao')
    expect(screen.getByLabelText(/Email/)).toHaveValue('asha@example.in')
    expect(screen.getByLabelText(/Mobile/)).toHaveValue('+919876543210')
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('12-04-1990')
    expect(screen.getByLabelText(/Gender/)).toHaveValue('2')
    expect(screen.getByLabelText(/^City/)).toHaveValue('Pune')
    expect(screen.getByLabelText(/Country code/)).toHaveValue('IN')
    expect(screen.getByLabelText(/Zip code/)).toHaveValue('411001')
    expect(screen.getByLabelText(/Address line 1/)).toHaveValue('')
  })

  it('shows the passport fields only when the quote asks for passports', async () => {
    setup(flightResult({ isLCC: false }))
    const first = renderRoutes({ routes, initialEntries: [farePath()] })
    await screen.findByLabelText(/First name/)
    expect(screen.queryByLabelText(/Passport number/)).not.toBeInTheDocument()
    first.unmount()
    setup({ ...flightResult({ isLCC: false, to: 'DXB' }), IsPassportRequiredAtTicket: true })
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByLabelText(/Passport number/)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Passport expiry/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Passport issuing country/)).toBeInTheDocument()
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Please enter the passport number.')).toBeInTheDocument()
    expect(screen.getByText("The airline needs every traveller's passport for this fare.")).toBeInTheDocument()
  })

  it('requires Address line 1 with the spec message and sends nothing', async () => {
    setup()
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Passenger address is required (AddressLine1).')).toBeInTheDocument()
    expect(calls(all, '/book')).toHaveLength(0)
  })

  it('refuses a child as the adult passenger (12 on the day of travel, as the API)', async () => {
    setup()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const dob = await screen.findByLabelText(/^Date of birth/)
    await userEvent.clear(dob)
    // 11 on the flight's day (2027-01-15), 12 the day after.
    await userEvent.type(dob, '16-01-2015')
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('An adult must be 12 or older on the day of travel.')).toBeInTheDocument()
  })

  it('sends the names trimmed and upper-cased, the passenger as spec 7 lists it', async () => {
    setup(
      flightResult({ isLCC: false }),
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const first = await screen.findByLabelText(/First name/)
    await userEvent.clear(first)
    await userEvent.type(first, '  asha devi ')
    await userEvent.selectOptions(screen.getByLabelText(/Title/), 'Ms')
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('ABC123')).toBeInTheDocument()
    const body = calls(all, '/book')[0]?.body as Record<string, unknown>
    expect(body).toMatchObject({
      traceId: TRACE_ID,
      resultIndex: INDEX,
      isLCC: false,
      blockedFare: false,
      contact: { Email: 'asha@example.in', Mobile: '+919876543210' },
      address: { AddressLine1: '12 MG Road', City: 'Pune', CountryCode: 'IN', ZipCode: '411001' },
      passengers: [
        {
          Title: 'Ms',
          FirstName: 'ASHA DEVI',
          LastName: 'RAO',
          PaxType: 1,
          DateOfBirth: '1990-04-12',
          Gender: 2,
          ContactNo: '+919876543210',
          Email: 'asha@example.in',
        },
      ],
    })
    expect((body.passengers as object[])[0]).not.toHaveProperty('PassportNo')
  })

  it("shows the API's passport refusal on its field", async () => {
    setup(
      { ...flightResult({ isLCC: false }), IsPassportRequiredAtBook: true },
      api.book(() =>
        errorReply(400, {
          error: 'invalid_field',
          message: 'The passport must be valid beyond the travel date.',
          field: 'passengers[0].PassportExpiry',
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await userEvent.type(await screen.findByLabelText(/Passport number/), 'Z1234567')
    await userEvent.type(screen.getByLabelText(/^Passport expiry/), '01-01-2040')
    await userEvent.type(screen.getByLabelText(/Passport issuing country/), 'in')
    await fillAddress()
    await userEvent.click(await bookButton())
    const expiry = screen.getByLabelText(/^Passport expiry/)
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getAllByText('The passport must be valid beyond the travel date.').length).toBeGreaterThan(0)
  })
})

describe('booking', () => {
  it('sends one request for a double click, the button reading Booking… meanwhile', async () => {
    const held = deferred<void>()
    setup(
      flightResult({ isLCC: false }),
      api.book(async () => {
        await held.promise
        return HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))
      }),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    const button = await bookButton()
    await userEvent.dblClick(button)
    fireEvent.click(button)
    expect(await screen.findByRole('button', { name: 'Booking…' })).toBeDisabled()
    held.resolve()
    expect(await screen.findByText('ABC123')).toBeInTheDocument()
    expect(calls(all, '/book')).toHaveLength(1)
    expect(calls(all, '/book')[0]?.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('retries the same attempt with the same Idempotency-Key and body; a changed form gets a new key', async () => {
    let answers = 0
    setup(
      flightResult({ isLCC: false }),
      api.book(() => {
        answers += 1
        if (answers === 1) return HttpResponse.error()
        if (answers === 2)
          return errorReply(504, { error: 'supplier_timeout', message: 'Request timed out after 150000 ms' })
        return HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))
      }),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    await waitFor(() => expect(calls(all, '/book')).toHaveLength(1))
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Request timed out after 150000 ms')).toBeInTheDocument()
    const [one, two] = calls(all, '/book')
    expect(two?.request.headers.get('Idempotency-Key')).toBe(one?.request.headers.get('Idempotency-Key'))
    expect(two?.body).toEqual(one?.body)
    await userEvent.type(screen.getByLabelText(/Address line 2/), 'Flat 4')
    await userEvent.click(await bookButton())
    expect(await screen.findByText('ABC123')).toBeInTheDocument()
    const three = calls(all, '/book')[2]
    expect(three?.request.headers.get('Idempotency-Key')).not.toBe(one?.request.headers.get('Idempotency-Key'))
  })

  it("shows 'Booking failed.' when the API gives no reason, else the API's message", async () => {
    let withMessage = false
    setup(
      flightResult({ isLCC: false }),
      api.book(() =>
        withMessage
          ? errorReply(502, { error: 'booking_failed', message: 'Booking failed. Seat no longer available.' })
          : errorReply(502, { error: 'booking_failed' }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Booking failed.')).toBeInTheDocument()
    withMessage = true
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Booking failed. Seat no longer available.')).toBeInTheDocument()
  })

  it('shows the LCC message when a low-cost fare is only recorded', async () => {
    setup(
      flightResult({ isLCC: true }),
      api.book(() =>
        HttpResponse.json(
          outcome({
            message: 'Low-cost fares are booked when the ticket is issued.',
            b: { status: 'quoted', isLCC: true },
          }),
        ),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Low-cost fares are booked when the ticket is issued.')).toBeInTheDocument()
  })

  it('sells a seat and a meal between the travellers and Book, and sends them with the booking', async () => {
    setup(
      flightResult({ isLCC: true }),
      api.extras(() => HttpResponse.json({ ok: true as const, data: lccExtras() })),
      api.book(() => HttpResponse.json(outcome({ b: { status: 'quoted', isLCC: true } }))),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    const seat = await screen.findByRole('button', { name: /^Seat 12A, window, exit row/ })
    await userEvent.click(seat)
    await userEvent.click(screen.getByRole('radio', { name: /Veg cheese sandwich/ }))
    expect(screen.getByTestId('extras-total')).toHaveTextContent('₹549.50')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    // The step folds into what was chosen, with a way back.
    expect(screen.getByTestId('extras-chosen-total')).toHaveTextContent('₹549.50')
    expect(screen.getByRole('button', { name: 'Change seats, meals and baggage' })).toBeInTheDocument()
    await userEvent.click(await bookButton())
    await waitFor(() => expect(calls(all, '/book')).toHaveLength(1))
    expect((calls(all, '/book')[0]?.body as BookInput).extras).toEqual([
      { seats: { [DEL_BOM.key]: '12A' }, meals: { [`meal-${DEL_BOM.key}`]: 'VCSW' } },
    ])
  })

  it('books without extras after one tap on Skip, and when the airline sells none', async () => {
    setup(
      flightResult({ isLCC: true }),
      api.extras(() => HttpResponse.json({ ok: true as const, data: lccExtras() })),
      api.book(() => HttpResponse.json(outcome({ b: { status: 'quoted', isLCC: true } }))),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await screen.findByRole('button', { name: 'Skip this step' }))
    expect(screen.getByText(/No seats, meals or baggage chosen/)).toBeInTheDocument()
    await userEvent.click(await bookButton())
    await waitFor(() => expect(calls(all, '/book')).toHaveLength(1))
    expect((calls(all, '/book')[0]?.body as BookInput).extras).toBeUndefined()
  })

  it('shows the old and new fare of a price change at book and books again, with a new key, only once accepted', async () => {
    let n = 0
    setup(
      flightResult({ isLCC: false }),
      api.book(() => {
        n += 1
        if (n === 1) {
          const o = outcome({ fare: '5643.46', b: { status: 'failed', price: '5293.46' } })
          return HttpResponse.json(
            {
              ...o,
              ok: false,
              error: 'price_changed',
              message: 'The fare has changed. Please review the new price and book again.',
            },
            { status: 409 },
          )
        }
        return HttpResponse.json(outcome({ bookingId: 4711, pnr: 'NEW123' }))
      }),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    const notice = await screen.findByTestId('price-change')
    expect(notice).toHaveTextContent('Old fare: ₹5,293.46')
    expect(notice).toHaveTextContent('New fare: ₹5,643.46')
    expect(calls(all, '/book')).toHaveLength(1)
    await userEvent.click(within(notice).getByRole('button', { name: 'Accept new fare' }))
    expect(await screen.findByText('NEW123')).toBeInTheDocument()
    const [one, two] = calls(all, '/book')
    expect(two?.request.headers.get('Idempotency-Key')).not.toBe(one?.request.headers.get('Idempotency-Key'))
    expect(screen.queryByTestId('price-change')).not.toBeInTheDocument()
  })

  it('holds Book back until a price change in the quote is accepted', async () => {
    const flight = flightResult({ isLCC: false, price: '6100' })
    setup(
      flight,
      api.fareQuote(() => HttpResponse.json({ ok: true as const, data: fareQuoteDocument(flight, true) })),
    )
    const { toListFlight } = await import('@/features/flights/lib/results')
    const chosen = {
      ...toListFlight({ ...flightResult({ isLCC: false, price: '5293.46' }), ResultIndex: INDEX }),
      pricePaise: null,
    }
    renderRoutes({
      routes,
      initialEntries: [
        { pathname: '/flights/fare', search: `?${farePath().split('?')[1]}`, state: { flight: chosen } } as never,
      ],
    })
    const notice = await screen.findByTestId('price-change')
    expect(notice).toHaveTextContent('Old fare: ₹5,293.46')
    expect(notice).toHaveTextContent('New fare: ₹6,100')
    expect(await bookButton()).toBeDisabled()
    await userEvent.click(within(notice).getByRole('button', { name: 'Accept new fare' }))
    expect(await bookButton()).toBeEnabled()
  })
})

describe('ticketing', () => {
  it('tickets an LCC fare on the LCC path, then reads Retry Ticket and refreshes booking details', async () => {
    setup(
      flightResult({ isLCC: true }),
      api.ticket(() =>
        HttpResponse.json(
          outcome({
            bookingId: 4711,
            pnr: 'ABC123',
            message: 'Ticket issued successfully.',
            b: { status: 'ticketed', isLCC: true },
          }),
        ),
      ),
      api.bookingDetails(() => HttpResponse.json({ ok: true as const, data: details() })),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await screen.findByRole('button', { name: 'Ticket' }))
    expect(await screen.findByText('Ticket issued successfully.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry Ticket' })).toBeInTheDocument()
    expect(await screen.findByText('Ticket TKT1234567')).toBeInTheDocument()
    const body = calls(all, '/ticket')[0]?.body as Record<string, unknown>
    expect(body).toMatchObject({
      isLCC: true,
      traceId: TRACE_ID,
      resultIndex: INDEX,
      contact: { Email: 'asha@example.in' },
    })
    expect(body.agentReferenceNo).toMatch(/^PT-/)
    expect(body.passengers).toHaveLength(1)
    expect(body).not.toHaveProperty('bookingId')
    expect(calls(all, '/booking-details')[0]?.body).toEqual({ bookingId: 4711 })
    expect(calls(all, '/ticket')[0]?.request.headers.get('Idempotency-Key')).toBeTruthy()
  })

  it("tickets a booked GDS fare with {bookingId, pnr, traceId}; forced GDS without a booking says 'No BookingId to ticket.'", async () => {
    setup(
      flightResult({ isLCC: true }),
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))),
      api.ticket(() =>
        HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123', message: 'Ticket issued successfully.' })),
      ),
      api.bookingDetails(() => HttpResponse.json({ ok: true as const, data: details() })),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await userEvent.click(await screen.findByRole('button', { name: 'Force GDS ticket' }))
    expect(await screen.findByText('No BookingId to ticket.')).toBeInTheDocument()
    expect(calls(all, '/ticket')).toHaveLength(0)
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('ABC123')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Force GDS ticket' }))
    expect(await screen.findByText('Ticket issued successfully.')).toBeInTheDocument()
    expect(calls(all, '/ticket')[0]?.body).toEqual({ bookingId: 4711, pnr: 'ABC123', traceId: TRACE_ID })
  })

  it("shows 'Ticketing failed from supplier side.' without a reason, and a price change at ticket accepted by Retry Ticket", async () => {
    let n = 0
    setup(
      flightResult({ isLCC: false }),
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))),
      api.ticket(() => {
        n += 1
        if (n === 1) return errorReply(502, { error: 'ticketing_failed' })
        if (n === 2) {
          const o = outcome({ bookingId: 4711, pnr: 'ABC123', fare: '5500', b: { priceChanged: true } })
          return HttpResponse.json(
            {
              ...o,
              ok: false,
              error: 'price_changed',
              message: 'The fare has changed. Press Retry Ticket to accept the new fare.',
            },
            { status: 409 },
          )
        }
        return HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123', message: 'Ticket issued successfully.' }))
      }),
      api.bookingDetails(() =>
        errorReply(502, { error: 'supplier_failed', message: 'Could not refresh booking details.' }),
      ),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    await screen.findByText('ABC123')
    await userEvent.click(screen.getByRole('button', { name: 'Ticket' }))
    expect(await screen.findByText('Ticketing failed from supplier side.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Ticket$/ }))
    const notice = await screen.findByTestId('price-change')
    expect(notice).toHaveTextContent('Old fare: ₹5,293.46')
    expect(notice).toHaveTextContent('New fare: ₹5,500')
    expect(calls(all, '/ticket')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Retry Ticket' }))
    expect(await screen.findByText('Ticket issued successfully.')).toBeInTheDocument()
    const keys = calls(all, '/ticket').map((c) => c.request.headers.get('Idempotency-Key'))
    expect(new Set(keys).size).toBe(3)
    expect(await screen.findByText('Could not refresh booking details.')).toBeInTheDocument()
  })

  it('shows the pending message with a link to My Trips on 202', async () => {
    setup(
      flightResult({ isLCC: true }),
      api.ticket(() =>
        HttpResponse.json(
          {
            ...outcome({ b: { status: 'unknown', isLCC: true } }),
            pending: true,
            message:
              'We did not hear back from the airline in time. We are confirming your booking and will update My Trips; please do not book again.',
          },
          { status: 202 },
        ),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await screen.findByRole('button', { name: 'Ticket' }))
    expect(await screen.findByText(/please do not book again/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/account/trips')
  })

  it("says 'No BookingId to refresh.' before any booking, and shows diagnostics and raw details collapsed", async () => {
    setup(flightResult({ isLCC: false }))
    renderRoutes({ routes, initialEntries: [farePath()] })
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh booking details' }))
    expect(await screen.findByText('No BookingId to refresh.')).toBeInTheDocument()
    const diagnostics = screen.getByText('Diagnostics').closest('details')
    expect(diagnostics).not.toHaveAttribute('open')
    expect(diagnostics).toHaveTextContent(INDEX)
    expect(screen.getByText('Raw booking details').closest('details')).not.toHaveAttribute('open')
  })
})

describe('payment', () => {
  const PAY_PATH = `/api/v1/me/bookings/${BOOKING_ID}/payment`

  /** Catches the checkout form as it is posted, instead of leaving the page. */
  function catchCheckout() {
    const posted: HTMLFormElement[] = []
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(this)
    })
    return posted
  }

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows no payment before Book has answered', async () => {
    setup(flightResult({ isLCC: false }))
    renderRoutes({ routes, initialEntries: [farePath()] })
    await bookButton()
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument()
  })

  it('after Book, shows what each traveller pays, the total and the time left, and posts the checkout', async () => {
    const posted = catchCheckout()
    const payBy = new Date(Date.now() + 15 * 60_000).toISOString()
    setup(
      flightResult({ isLCC: false, price: '5318.46' }),
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123', b: { price: '5318.46', payBy } }))),
      api.payBooking(() => HttpResponse.json(paymentOrder({ amount: '5318.46' }))),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    const section = await screen.findByRole('region', { name: 'Payment' })
    const table = within(section).getByRole('table', { name: 'Amount per traveller' })
    // Shown as rupees, read as words.
    const adult = within(table).getByRole('row', { name: /Adult × 1/ })
    expect(adult).toHaveTextContent(/^Adult × 1₹5,293\.46.*₹5,293\.46/)
    expect(adult).toHaveAccessibleName(/^Adult × 1\s+5,293 rupees 46 paise\s+5,293 rupees 46 paise$/)
    expect(within(table).getByRole('row', { name: /Other charges and fees/ })).toHaveTextContent('₹25')
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('₹5,318.46')
    expect(within(section).getByTestId('pay-countdown')).toHaveTextContent(/^Pay within 1[45]:\d\d$/)
    expect(within(section).getByText(/^Pay within 1[45] minutes$/)).toHaveAttribute('aria-live', 'polite')

    await userEvent.click(within(section).getByRole('button', { name: 'Pay ₹5,318.46' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    const form = posted[0]
    expect(form?.method).toBe('post')
    expect(form?.action).toBe(CHECKOUT_ACTION)
    expect(Object.fromEntries([...(form?.querySelectorAll('input') ?? [])].map((i) => [i.name, i.value]))).toEqual(
      paymentOrder().checkout.fields,
    )
    const pays = calls(all, PAY_PATH)
    expect(pays).toHaveLength(1)
    expect(pays[0]?.method).toBe('POST')
    expect(pays[0]?.body).toBeUndefined()
    expect(within(section).getByRole('button', { name: 'Taking you to payment…' })).toBeDisabled()
  })

  it('offers the payment once Book has recorded a low-cost fare', async () => {
    const posted = catchCheckout()
    setup(
      flightResult({ isLCC: true }),
      api.book(() =>
        HttpResponse.json(
          outcome({
            message: 'Low-cost fares are booked when the ticket is issued.',
            b: { status: 'quoted', isLCC: true },
          }),
        ),
      ),
      api.payBooking(() => HttpResponse.json(paymentOrder())),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    const section = await screen.findByRole('region', { name: 'Payment' })
    await userEvent.click(within(section).getByRole('button', { name: 'Pay ₹5,293.46' }))
    await waitFor(() => expect(posted).toHaveLength(1))
  })

  it("opens one order for a double click, shows why it could not be opened in the API's words, and pays on a second try", async () => {
    const posted = catchCheckout()
    const held = deferred<void>()
    let n = 0
    setup(
      flightResult({ isLCC: false }),
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))),
      api.payBooking(async () => {
        n += 1
        if (n > 1) return HttpResponse.json(paymentOrder())
        await held.promise
        return errorReply(429, {
          error: 'too_many_payments',
          message: 'Too many payment attempts. Please wait a minute.',
        })
      }),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    const pay = await screen.findByRole('button', { name: 'Pay ₹5,293.46' })
    await userEvent.dblClick(pay)
    fireEvent.click(pay)
    expect(await screen.findByRole('button', { name: 'Taking you to payment…' })).toBeDisabled()
    held.resolve()
    const section = screen.getByRole('region', { name: 'Payment' })
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Too many payment attempts. Please wait a minute.',
    )
    expect(n).toBe(1)
    expect(posted).toHaveLength(0)
    await userEvent.click(within(section).getByRole('button', { name: 'Pay ₹5,293.46' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(n).toBe(2)
  })

  it('stops taking payment once the time to pay is over', async () => {
    setup(
      flightResult({ isLCC: false }),
      api.book(() =>
        HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123', b: { payBy: '2026-11-22T10:15:00Z' } })),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    const section = await screen.findByRole('region', { name: 'Payment' })
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'The time to pay for this booking is over. Please search again.',
    )
    expect(within(section).getByRole('button', { name: 'Pay ₹5,293.46' })).toBeDisabled()
  })

  it("shows the API's payment_required where ticket errors show, and the ticket buttons stay", async () => {
    setup(
      flightResult({ isLCC: false }),
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'ABC123' }))),
      api.ticket(() =>
        errorReply(402, {
          error: 'payment_required',
          message: 'Please pay for this booking before the ticket is issued.',
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await fillAddress()
    await userEvent.click(await bookButton())
    await screen.findByRole('region', { name: 'Payment' })
    await userEvent.click(screen.getByRole('button', { name: 'Ticket' }))
    const booking = screen.getByRole('region', { name: 'Booking' })
    expect(await within(booking).findByRole('alert')).toHaveTextContent(
      'Please pay for this booking before the ticket is issued.',
    )
    expect(within(booking).getByRole('button', { name: 'Ticket' })).toBeEnabled()
    expect(within(booking).getByRole('button', { name: 'Force GDS ticket' })).toBeEnabled()
    expect(within(booking).getByRole('button', { name: 'Force LCC ticket' })).toBeEnabled()
    // Still to pay.
    expect(screen.getByRole('button', { name: 'Pay ₹5,293.46' })).toBeEnabled()
  })
})

describe('ticketing without a trace', () => {
  it("says 'Missing traceId for ticketing.' and calls nothing", async () => {
    const { renderHook } = await import('@testing-library/react')
    const { QueryClientProvider } = await import('@tanstack/react-query')
    const { createQueryClient } = await import('@/lib/query-client')
    const { useBookingFlow } = await import('@/features/flights/hooks/use-booking-flow')
    const all = recordCalls()
    const client = createQueryClient()
    const { result } = renderHook(() => useBookingFlow({ traceId: '', resultIndex: INDEX, isLCC: false }), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    })
    await act(() => result.current.runTicket('auto', undefined, ''))
    expect(result.current.state.ticket).toEqual({ kind: 'failed', text: 'Missing traceId for ticketing.' })
    await delay(10)
    expect(all).toHaveLength(0)
  })
})

const RAVI: CoTraveller = {
  _id: '3c9e2f4a-6b1d-4e8f-a2c3-5d7e9f1a2b3c',
  firstName: 'Ravi',
  lastName: 'Rao',
  relationship: 'Spouse',
  gender: 'male',
  dob: '1988-09-02',
  nationality: 'IN',
  mealPreference: '',
  trainBerthPreference: '',
  passport: { number: 'K7654321', expiry: '2033-05-01', issuingCountry: 'IN' },
  phone: '',
  email: '',
  frequentFlyer: { airline: 'AI', number: 'FF123456' },
}

const ANU: CoTraveller = {
  ...RAVI,
  _id: '8a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d',
  firstName: 'Anu',
  relationship: 'Daughter',
  gender: 'female',
  dob: '2019-03-10',
  mealPreference: 'Jain vegetarian',
  passport: { number: 'M1234567', expiry: '2031-02-01', issuingCountry: 'IN' },
  frequentFlyer: { airline: '', number: '' },
}

/** The family fare (2 adults, 1 child, 1 infant) with the co-travellers Ravi and Anu on file. */
function setupFamily(o: FamilyFareOptions = {}, ...overrides: RequestHandler[]) {
  setup(
    familyFareResult(o),
    api.coTravellers(() => HttpResponse.json({ items: [RAVI, ANU] })),
    ...overrides,
  )
}

const traveller = (name: string) => screen.findByRole('group', { name }, { timeout: 5000 })

/** Puts a whole value in a field at once, as pasting does, and leaves it. */
function put(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } })
  fireEvent.blur(input)
  return Promise.resolve()
}

/** Types a traveller by hand: title, names and date of birth (dd-MM-yyyy). */
async function typeTraveller(name: string, t: { title: string; first: string; last: string; dob: string }) {
  const form = await traveller(name)
  await userEvent.selectOptions(within(form).getByLabelText(/^Title/), t.title)
  await put(within(form).getByLabelText(/^First name/), t.first)
  await put(within(form).getByLabelText(/^Last name/), t.last)
  await put(within(form).getByLabelText(/^Date of birth/), t.dob)
  return form
}

async function pick(name: string, person: string | RegExp) {
  const form = await traveller(name)
  const select = within(form).getByLabelText(/^Fill from/)
  await waitFor(() => expect(within(select).getByRole('option', { name: person })).toBeInTheDocument())
  await userEvent.selectOptions(select, within(select).getByRole('option', { name: person }))
  return form
}

describe('every traveller of the fare', () => {
  it('shows a form for each adult, child and infant the fare was priced for, and their fare lines', async () => {
    setupFamily()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const lead = await traveller('Adult 1 (lead passenger)')
    // The forms go on the page one after another (useInTurns).
    await traveller('Infant 1')
    const forms = screen.getAllByRole('group').filter((g) => g.tagName === 'FIELDSET')
    expect(forms.map((f) => within(f).getByRole('heading').textContent)).toEqual([
      'Adult 1 (lead passenger)',
      'Adult 2',
      'Child 1',
      'Infant 1',
    ])
    const titles = (form: HTMLElement) =>
      within(within(form).getByLabelText(/^Title/))
        .getAllByRole('option')
        .map((o) => o.textContent)
    expect(titles(lead)).toEqual(['Select', 'Mr', 'Ms', 'Mrs'])
    expect(titles(await traveller('Child 1'))).toEqual(['Select', 'Mstr', 'Miss'])
    expect(titles(await traveller('Infant 1'))).toEqual(['Select', 'Mstr', 'Miss'])
    // The lead alone carries e-mail, mobile and the address.
    expect(within(lead).getByLabelText(/^Email/)).toHaveValue('asha@example.in')
    expect(within(await traveller('Adult 2')).queryByLabelText(/^Email/)).not.toBeInTheDocument()
    expect(screen.getAllByLabelText(/^Address line 1/)).toHaveLength(1)
    // A full-service fare takes a meal; no documents asked, no GST offered.
    expect(within(lead).getByText('Frequent flyer and meal')).toBeInTheDocument()
    expect(within(lead).getByLabelText(/^Meal preference/)).toBeInTheDocument()
    expect(screen.queryByLabelText(/^PAN/)).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Passport number/)).not.toBeInTheDocument()
    expect(screen.queryByText(/GST details/)).not.toBeInTheDocument()

    const table = screen.getByRole('table', { name: 'Fare per passenger type' })
    expect(within(table).getByRole('row', { name: /Adults × 2/ })).toHaveAccessibleName(
      /^Adults × 2\s+8,000 rupees\s+2,586 rupees 92 paise\s+10,586 rupees 92 paise$/,
    )
    expect(within(table).getByRole('row', { name: /Child × 1/ })).toHaveTextContent('₹4,000')
    expect(within(table).getByRole('row', { name: /Infant × 1/ })).toHaveTextContent('₹700')
    expect(within(table).getByRole('row', { name: /Other charges and fees/ })).toHaveTextContent('₹25')
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('₹15,311.92')
  })

  it('offers no meal on a low-cost fare', async () => {
    setupFamily({ isLCC: true })
    renderRoutes({ routes, initialEntries: [farePath()] })
    const lead = await traveller('Adult 1 (lead passenger)')
    expect(within(lead).getByText('Frequent flyer')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Meal preference/)).not.toBeInTheDocument()
  })

  it("asks a full-service fare's meal once: in the extras step when the airline lists its special meals", async () => {
    setupFamily(
      {},
      api.extras(() => HttpResponse.json({ ok: true as const, data: gdsExtras() })),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    const lead = await traveller('Adult 1 (lead passenger)')
    // The step's code comes once the traveller starts on the forms.
    await userEvent.click(within(lead).getByLabelText(/^Title/))
    const step = await screen.findByRole('region', { name: 'Seats, meals and baggage' }, { timeout: 5000 })
    const meal = await within(step).findByRole('combobox', { name: 'Special meal' })
    expect(within(meal).getByRole('option', { name: 'Jain vegetarian' })).toBeInTheDocument()
    expect(within(lead).getByText('Frequent flyer')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Meal preference/)).not.toBeInTheDocument()
  })

  it('counts the travellers from the search when the quote has no breakdown', async () => {
    setup({ ...flightResult({ isLCC: false }), FareBreakdown: null })
    renderRoutes({ routes, initialEntries: [`${farePath()}&adults=1&children=1&infants=1`] })
    await traveller('Adult 1 (lead passenger)')
    expect(await traveller('Child 1')).toBeInTheDocument()
    expect(await traveller('Infant 1')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Adult 2' })).not.toBeInTheDocument()
  })

  it('checks each date of birth against its passenger type on the first day of travel, and none in the future', async () => {
    setupFamily()
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    // The first flight leaves on 2027-01-15.
    const adult = await typeTraveller('Adult 2', { title: 'Mr', first: 'Ravi', last: 'Rao', dob: '16-01-2015' })
    const child = await typeTraveller('Child 1', { title: 'Mstr', first: 'Kiran', last: 'Rao', dob: '15-01-2015' })
    const infant = await typeTraveller('Infant 1', { title: 'Miss', first: 'Tara', last: 'Rao', dob: '15-01-2025' })
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await within(adult).findByText('An adult must be 12 or older on the day of travel.')).toBeInTheDocument()
    expect(within(child).getByText('A child must be 2 to 11 years old on the day of travel.')).toBeInTheDocument()
    expect(within(infant).getByText('An infant must be under 2 years old on the day of travel.')).toBeInTheDocument()

    await put(within(child).getByLabelText(/^Date of birth/), '16-01-2015')
    await put(within(infant).getByLabelText(/^Date of birth/), '01-01-2027')
    await userEvent.click(await bookButton())
    expect(await within(infant).findByText('Date of birth cannot be in the future.')).toBeInTheDocument()
    expect(within(child).queryByText(/A child must be/)).not.toBeInTheDocument()
    expect(calls(all, '/book')).toHaveLength(0)
  })

  it('takes the gender from the title and refuses a title and gender that disagree', async () => {
    setupFamily()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const child = await traveller('Child 1')
    await userEvent.selectOptions(within(child).getByLabelText(/^Title/), 'Miss')
    expect(within(child).getByLabelText(/^Gender/)).toHaveValue('2')
    await userEvent.selectOptions(within(child).getByLabelText(/^Title/), 'Mstr')
    expect(within(child).getByLabelText(/^Gender/)).toHaveValue('1')
    await userEvent.selectOptions(within(child).getByLabelText(/^Gender/), '2')
    await userEvent.click(await bookButton())
    expect(await within(child).findByText('The title Mstr is for a male traveller.')).toBeInTheDocument()
  })

  it('asks every adult for a PAN only when the quote says so, and says why', async () => {
    setupFamily({ pan: true })
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText("The airline needs each adult's PAN for this fare.")).toBeInTheDocument()
    expect(within(await traveller('Adult 1 (lead passenger)')).getByLabelText(/^PAN/)).toBeInTheDocument()
    expect(within(await traveller('Adult 2')).getByLabelText(/^PAN/)).toBeInTheDocument()
    expect(within(await traveller('Child 1')).queryByLabelText(/^PAN/)).not.toBeInTheDocument()
    expect(within(await traveller('Infant 1')).queryByLabelText(/^PAN/)).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Passport number/)).not.toBeInTheDocument()
    const adult = await traveller('Adult 2')
    await put(within(adult).getByLabelText(/^PAN/), 'ABCDE12345')
    await userEvent.click(await bookButton())
    expect(await within(adult).findByText(/PAN must be 10 characters/)).toBeInTheDocument()
  })

  it('asks every traveller for a passport valid beyond the last flight only when the quote says so', async () => {
    setupFamily({ passport: true })
    renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText("The airline needs every traveller's passport for this fare.")).toBeInTheDocument()
    for (const name of ['Adult 1 (lead passenger)', 'Adult 2', 'Child 1', 'Infant 1']) {
      const form = await traveller(name)
      expect(within(form).getByLabelText(/^Passport number/)).toBeInTheDocument()
      expect(within(form).getByLabelText(/^Passport expiry/)).toBeInTheDocument()
      expect(within(form).getByLabelText(/^Passport issuing country/)).toBeInTheDocument()
    }
    expect(screen.queryByLabelText(/^PAN/)).not.toBeInTheDocument()
    const infant = await traveller('Infant 1')
    // After the outbound flight (2027-01-15), before the return (2027-01-22).
    await put(within(infant).getByLabelText(/^Passport expiry/), '20-01-2027')
    await userEvent.click(await bookButton())
    expect(await within(infant).findByText('The passport must be valid beyond the last flight.')).toBeInTheDocument()
  })

  it('requires GST details on a fare that needs them, offers them unticked on one that allows them, and hides them otherwise', async () => {
    setupFamily({ gstAllowed: true, gstMandatory: true })
    const first = renderRoutes({ routes, initialEntries: [farePath()] })
    expect(await screen.findByText('This fare needs GST details.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /GST details/ })).not.toBeInTheDocument()
    await userEvent.click(await bookButton())
    expect(await screen.findByText(/GSTIN must be 15 characters/)).toBeInTheDocument()
    first.unmount()

    setupFamily({ gstAllowed: true })
    const second = renderRoutes({ routes, initialEntries: [farePath()] })
    const add = await screen.findByRole('checkbox', { name: 'Add GST details' }, { timeout: 5000 })
    expect(add).not.toBeChecked()
    expect(screen.getByRole('heading', { name: "GST details for your company's invoice" })).toBeInTheDocument()
    expect(screen.queryByLabelText(/^GSTIN/)).not.toBeInTheDocument()
    await userEvent.click(add)
    expect(screen.getByLabelText(/^GSTIN/)).toHaveValue('')
    second.unmount()

    setupFamily({ gstAllowed: false })
    renderRoutes({ routes, initialEntries: [farePath()] })
    await traveller('Adult 1 (lead passenger)')
    expect(screen.queryByText(/GST details/)).not.toBeInTheDocument()
  })

  it("fills a MyBiz account's company GST details, ticked and editable", async () => {
    setupFamily(
      { gstAllowed: true },
      api.me(() => HttpResponse.json({ user: { ...user, accountType: 'biz' as const } })),
      http.get('/api/v1/me/company', () =>
        HttpResponse.json({
          company: {
            legalName: 'Rao Traders LLP',
            gstin: '27AAPFU0939F1ZV',
            address: '12 MG Road, Pune',
            email: 'accounts@raotraders.in',
            phone: '+912024567890',
          },
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    const use = await screen.findByRole('checkbox', { name: "Use my company's GST details" }, { timeout: 5000 })
    expect(use).toBeChecked()
    expect(screen.getByLabelText(/^GSTIN/)).toHaveValue('27AAPFU0939F1ZV')
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Rao Traders LLP')
    await put(screen.getByLabelText(/^Company name/), 'Rao Traders Pune LLP')
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Rao Traders Pune LLP')
  })

  it('fills the lead from Me and any form from a co-traveller, each person in one form only', async () => {
    setupFamily()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const lead = await traveller('Adult 1 (lead passenger)')
    expect(within(lead).getByLabelText(/^Fill from/)).toHaveValue('me')
    expect(within(lead).getByLabelText(/^First name/)).toHaveValue('Asha')
    const adult = await pick('Adult 2', 'Ravi Rao (Spouse)')
    expect(within(adult).getByLabelText(/^First name/)).toHaveValue('Ravi')
    expect(within(adult).getByLabelText(/^Title/)).toHaveValue('Mr')
    expect(within(adult).getByLabelText(/^Gender/)).toHaveValue('1')
    expect(within(adult).getByLabelText(/^Date of birth/)).toHaveValue('02-09-1988')
    expect(within(adult).getByLabelText(/^Frequent flyer number/)).toHaveValue('FF123456')
    // Me and Ravi are taken; Anu is not.
    expect(within(adult).getByRole('option', { name: 'Me (Asha Rao)' })).toBeDisabled()
    const child = await traveller('Child 1')
    expect(within(child).getByRole('option', { name: 'Ravi Rao (Spouse)' })).toBeDisabled()
    expect(within(child).getByRole('option', { name: 'Me (Asha Rao)' })).toBeDisabled()
    expect(within(child).getByRole('option', { name: 'Anu Rao (Daughter)' })).toBeEnabled()
    expect(within(lead).getByRole('option', { name: 'Ravi Rao (Spouse)' })).toBeDisabled()
    await pick('Child 1', 'Anu Rao (Daughter)')
    expect(within(child).getByLabelText(/^Title/)).toHaveValue('Miss')
    expect(within(child).getByLabelText(/^Date of birth/)).toHaveValue('10-03-2019')
    expect(within(child).getByLabelText(/^Meal preference/)).toHaveValue('VJML')
    // What was filled stays editable.
    await put(within(child).getByLabelText(/^First name/), 'Anushka')
    expect(within(child).getByLabelText(/^First name/)).toHaveValue('Anushka')
  })

  it('books all four travellers with their types, the lead, the documents and the GST details', async () => {
    setupFamily(
      { pan: true, passport: true, gstAllowed: true, gstMandatory: true },
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'FAM123' }))),
    )
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const lead = await traveller('Adult 1 (lead passenger)')
    await put(within(lead).getByLabelText(/^PAN/), 'abcpr1234k')
    await put(within(lead).getByLabelText(/^Passport number/), 'z1234567')
    await put(within(lead).getByLabelText(/^Passport expiry/), '01-06-2032')
    await put(within(lead).getByLabelText(/^Passport issuing country/), 'in')
    await userEvent.selectOptions(within(lead).getByLabelText(/^Meal preference/), 'VGML')
    const adult = await pick('Adult 2', 'Ravi Rao (Spouse)')
    await put(within(adult).getByLabelText(/^PAN/), 'BCDRR2345L')
    await pick('Child 1', 'Anu Rao (Daughter)')
    const infant = await typeTraveller('Infant 1', { title: 'Mstr', first: ' dev ', last: 'rao', dob: '01-12-2025' })
    await put(within(infant).getByLabelText(/^Passport number/), 'P7654321')
    await put(within(infant).getByLabelText(/^Passport expiry/), '01-12-2030')
    await put(within(infant).getByLabelText(/^Passport issuing country/), 'IN')
    await put(screen.getByLabelText(/^GSTIN/), '27aapfu0939f1zv')
    await put(screen.getByLabelText(/^Company name/), 'Rao Traders LLP')
    await put(screen.getByLabelText(/^Registered address/), '12 MG Road, Pune')
    await put(screen.getByLabelText(/^Company contact number/), '+912024567890')
    await put(screen.getByLabelText(/^Company e-mail/), 'accounts@raotraders.in')
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('FAM123', {}, { timeout: 5000 })).toBeInTheDocument()
    const body = calls(all, '/book')[0]?.body as BookInput
    expect(body.passengers).toEqual([
      {
        Title: 'Ms',
        FirstName: 'ASHA',
        LastName: 'RAO',
        PaxType: 1,
        IsLeadPax: true,
        DateOfBirth: '1990-04-12',
        Gender: 2,
        ContactNo: '+919876543210',
        Email: 'asha@example.in',
        PAN: 'ABCPR1234K',
        PassportNo: 'Z1234567',
        PassportExpiry: '2032-06-01',
        PassportIssuingCountry: 'IN',
        Nationality: 'IN',
        MealCode: 'VGML',
      },
      {
        Title: 'Mr',
        FirstName: 'RAVI',
        LastName: 'RAO',
        PaxType: 1,
        DateOfBirth: '1988-09-02',
        Gender: 1,
        PAN: 'BCDRR2345L',
        PassportNo: 'K7654321',
        PassportExpiry: '2033-05-01',
        PassportIssuingCountry: 'IN',
        Nationality: 'IN',
        FFAirlineCode: 'AI',
        FFNumber: 'FF123456',
      },
      {
        Title: 'Miss',
        FirstName: 'ANU',
        LastName: 'RAO',
        PaxType: 2,
        DateOfBirth: '2019-03-10',
        Gender: 2,
        PassportNo: 'M1234567',
        PassportExpiry: '2031-02-01',
        PassportIssuingCountry: 'IN',
        Nationality: 'IN',
        MealCode: 'VJML',
      },
      {
        Title: 'Mstr',
        FirstName: 'DEV',
        LastName: 'RAO',
        PaxType: 3,
        DateOfBirth: '2025-12-01',
        Gender: 1,
        PassportNo: 'P7654321',
        PassportExpiry: '2030-12-01',
        PassportIssuingCountry: 'IN',
        Nationality: 'IN',
      },
    ])
    expect(body.gst).toEqual({
      GSTNumber: '27AAPFU0939F1ZV',
      GSTCompanyName: 'Rao Traders LLP',
      GSTCompanyAddress: '12 MG Road, Pune',
      GSTCompanyContactNumber: '+912024567890',
      GSTCompanyEmail: 'accounts@raotraders.in',
    })
    expect(body.contact).toEqual({ Email: 'asha@example.in', Mobile: '+919876543210' })
  }, 90_000)

  it("shows the API's refusal of a traveller's field on that traveller's form", async () => {
    const three = {
      ...flightResult({ isLCC: false }),
      IsPanRequiredAtBook: true,
      FareBreakdown: [{ Currency: 'INR', PassengerType: 1, PassengerCount: 3, BaseFare: '12000', Tax: '3880.38' }],
    }
    setup(
      three,
      api.book(() =>
        errorReply(400, {
          error: 'invalid_field',
          message: 'The income-tax department does not know this PAN.',
          field: 'passengers[2].PAN',
        }),
      ),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    const forms = [
      await traveller('Adult 1 (lead passenger)'),
      await typeTraveller('Adult 2', { title: 'Mr', first: 'Ravi', last: 'Rao', dob: '02-09-1988' }),
      await typeTraveller('Adult 3', { title: 'Mrs', first: 'Lata', last: 'Rao', dob: '05-05-1960' }),
    ]
    const pans = ['ABCPR1234K', 'BCDRR2345L', 'CDERL3456M']
    for (const [i, form] of forms.entries()) await put(within(form).getByLabelText(/^PAN/), pans[i] ?? '')
    await fillAddress()
    await userEvent.click(await bookButton())
    const third = within(forms[2] as HTMLElement).getByLabelText(/^PAN/)
    await waitFor(() => expect(third).toHaveAttribute('aria-invalid', 'true'))
    expect(
      within(forms[2] as HTMLElement).getByText('The income-tax department does not know this PAN.'),
    ).toBeInTheDocument()
    expect(within(forms[0] as HTMLElement).getByLabelText(/^PAN/)).not.toHaveAttribute('aria-invalid', 'true')
    expect(within(forms[1] as HTMLElement).getByLabelText(/^PAN/)).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('offers to keep the travellers typed by hand, unticked, and saves only those ticked', async () => {
    const saved: unknown[] = []
    setupFamily(
      {},
      api.book(() => HttpResponse.json(outcome({ bookingId: 4711, pnr: 'FAM123' }))),
      api.createCoTraveller(async ({ request }) => {
        const body = await request.json()
        if (body.firstName === 'Tara') return errorReply(500, { error: 'internal' })
        saved.push(body)
        return HttpResponse.json({ ...body, _id: 'c0ffee00-0000-4000-8000-000000000001' }, { status: 201 })
      }),
    )
    renderRoutes({ routes, initialEntries: [farePath()] })
    await pick('Adult 2', 'Ravi Rao (Spouse)')
    await typeTraveller('Child 1', { title: 'Mstr', first: 'Kiran', last: 'Rao', dob: '10-03-2019' })
    await typeTraveller('Infant 1', { title: 'Miss', first: 'Tara', last: 'Rao', dob: '01-12-2025' })
    await fillAddress()
    expect(screen.queryByText('Save to your co-travellers')).not.toBeInTheDocument()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('FAM123', {}, { timeout: 5000 })).toBeInTheDocument()

    const section = (await screen.findByRole('heading', { name: 'Save to your co-travellers' })).closest('section')
    const offer = within(section as HTMLElement)
    const boxes = offer.getAllByRole('checkbox')
    // Neither Me nor Ravi (picked from the saved ones): only Kiran and Tara, unticked.
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Kiran Rao (Child 1)', 'Tara Rao (Infant 1)'])
    for (const box of boxes) expect(box).not.toBeChecked()
    expect(offer.getByRole('button', { name: 'Save' })).toBeDisabled()

    await userEvent.click(offer.getByRole('checkbox', { name: /Kiran Rao/ }))
    await userEvent.click(offer.getByRole('button', { name: 'Save' }))
    expect(await offer.findByText('Saved Kiran Rao.')).toBeInTheDocument()
    expect(saved).toEqual([
      expect.objectContaining({ firstName: 'Kiran', lastName: 'Rao', gender: 'male', dob: '2019-03-10' }),
    ])
    await userEvent.click(offer.getByRole('checkbox', { name: /Tara Rao/ }))
    await userEvent.click(offer.getByRole('button', { name: 'Save' }))
    expect(await offer.findByText('Could not save Tara Rao.')).toBeInTheDocument()
    expect(saved).toHaveLength(1)
  })

  it('knows the travellers from the chosen flight kept in session storage', async () => {
    setup({ ...flightResult({ isLCC: false }), FareBreakdown: null })
    saveTrace(TRACE_ID)
    saveSelectedFlight({
      id: INDEX,
      from: 'BOM',
      to: 'DEL',
      date: '2027-01-15',
      at: Date.now(),
      travellers: { adults: 2, children: 0, infants: 1 },
    })
    renderRoutes({ routes, initialEntries: ['/flights/fare'] })
    expect(await traveller('Adult 2')).toBeInTheDocument()
    expect(await traveller('Infant 1')).toBeInTheDocument()
  })
})

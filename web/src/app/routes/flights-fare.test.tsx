import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, HttpResponse, type RequestHandler } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toProfileForm } from '@/features/account/utils/profile-fields'
import { formatLastTicketDate } from '@/features/flights/lib/dates'
import { saveSelectedFlight, saveTrace } from '@/features/flights/lib/selection'
import { fareQuoteDocument, fareRuleDocument, flightResult, resultIndex, TRACE_ID } from '@/testing/flights'
import { api, errorReply } from '@/testing/handlers'
import { server } from '@/testing/server'
import { deferred, recordCalls, renderRoutes, testUser, type RecordedCall } from '@/testing/test-utils'
import type { Booking, BookingDetailsDocument, BookingOutcome, FlightResult, Profile } from '@/testing/wire'
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
    _id: '7d1f6a3e-2b4c-4f5e-9a8b-1c2d3e4f5a6b',
    supplier: 'tbo',
    status: 'booked',
    isLCC: false,
    traceId: TRACE_ID,
    resultIndex: INDEX,
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
    api.fareQuote(() => HttpResponse.json({ ok: true as const, data: fareQuoteDocument(result) })),
    api.fareRule(() => HttpResponse.json({ ok: true as const, data: fareRuleDocument() })),
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
    expect(within(table).getByRole('row', { name: /1 × Adult/ })).toHaveTextContent('₹5,293.46')
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
    // The rules arrive while the quote is still held.
    expect(await screen.findByTestId('fare-rules', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('Loading fare…')).toBeInTheDocument()
    expect(calls(all, '/fare-quote')).toHaveLength(1)
    held.resolve()
    expect(await screen.findByTestId('fare-price')).toBeInTheDocument()
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
    expect(screen.getByText('1 × Adult')).toBeInTheDocument()
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
    expect(screen.getByLabelText(/Date of birth/)).toHaveValue('1990-04-12')
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
    expect(screen.getByLabelText(/Passport expiry/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Passport issuing country/)).toBeInTheDocument()
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(
      await screen.findByText("This international flight needs the passenger's passport number and expiry date."),
    ).toBeInTheDocument()
  })

  it('requires Address line 1 with the spec message and sends nothing', async () => {
    setup()
    const all = recordCalls()
    renderRoutes({ routes, initialEntries: [farePath()] })
    await userEvent.click(await bookButton())
    expect(await screen.findByText('Passenger address is required (AddressLine1).')).toBeInTheDocument()
    expect(calls(all, '/book')).toHaveLength(0)
  })

  it('refuses a child as the adult passenger (12 years, as the API)', async () => {
    setup()
    renderRoutes({ routes, initialEntries: [farePath()] })
    const dob = await screen.findByLabelText(/Date of birth/)
    await userEvent.clear(dob)
    await userEvent.type(dob, `${new Date().getFullYear() - 5}-01-01`)
    await fillAddress()
    await userEvent.click(await bookButton())
    expect(await screen.findByText('An adult passenger must be at least 12 years old.')).toBeInTheDocument()
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
    await userEvent.type(screen.getByLabelText(/Passport expiry/), '2040-01-01')
    await userEvent.type(screen.getByLabelText(/Passport issuing country/), 'in')
    await fillAddress()
    await userEvent.click(await bookButton())
    const expiry = screen.getByLabelText(/Passport expiry/)
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

describe('ticketing without a trace', () => {
  it("says 'Missing traceId for ticketing.' and calls nothing", async () => {
    const { renderHook } = await import('@testing-library/react')
    const { useBookingFlow } = await import('@/features/flights/hooks/use-booking-flow')
    const all = recordCalls()
    const { result } = renderHook(() => useBookingFlow({ traceId: '', resultIndex: INDEX, isLCC: false }))
    await act(() => result.current.runTicket('auto', undefined, ''))
    expect(result.current.ticketError).toBe('Missing traceId for ticketing.')
    await delay(10)
    expect(all).toHaveLength(0)
  })
})

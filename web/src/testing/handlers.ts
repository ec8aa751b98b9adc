import type { components } from '@/lib/api.gen'
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw'
import type {
  BookInput,
  Booking,
  BookingDetailsDocument,
  BookingOutcome,
  BookingWithPayments,
  CancelInput,
  CancellationAnswer,
  CancelQuoteAnswer,
  CancelRefusal,
  ChangePasswordInput,
  Company,
  CoTraveller,
  DeviceSession,
  ErrorBody,
  FareQuoteDocument,
  ExtrasDocument,
  FareRuleDocument,
  MyPayments,
  PaymentOrder,
  Profile,
  ProfileCompletion,
  RegisterBody,
  SearchDocument,
  SearchInput,
  TicketInput,
  TraceInput,
  UserResponse,
} from './wire'

/** An error answer as the API writes it; a test may leave the message out, as a proxy in the way would. */
export type ErrorReply = Pick<ErrorBody, 'error'> & Partial<ErrorBody>

type Resolver<
  Request extends DefaultBodyType,
  Reply extends DefaultBodyType,
  Params extends PathParams = PathParams,
> = HttpResponseResolver<Params, Request, Reply | ErrorReply>

type Method = 'get' | 'post' | 'put' | 'delete'

/** A handler factory for one endpoint: the resolver's request and reply bodies are the endpoint's wire types. */
function endpoint<
  Request extends DefaultBodyType,
  Reply extends DefaultBodyType,
  Params extends PathParams = PathParams,
>(method: Method, path: string) {
  return (resolver: Resolver<Request, Reply, Params>) =>
    http[method]<Params, Request, Reply | ErrorReply>(path, resolver)
}

type EnquiryInput = components['schemas']['EnquiryInput']
type Enquiry = components['schemas']['Enquiry']

/** No body: 204 answers and requests without a payload. */
type Empty = null
type Items<T> = { items: T[] }
type IdParam = { id: string }
/** A flights answer: `{ok: true, data}`. */
type Data<T> = { ok: true; data: T }

/** The product's API, one handler factory per endpoint (paths as in the product spec). */
export const api = {
  me: endpoint<Empty, UserResponse>('get', '/api/auth/me'),
  login: endpoint<{ email: string; password: string }, UserResponse>('post', '/api/auth/login'),
  register: endpoint<RegisterBody, UserResponse>('post', '/api/auth/register'),
  logout: endpoint<Empty, Empty>('post', '/api/auth/logout'),

  profile: endpoint<Empty, { profile: Profile }>('get', '/api/v1/me/profile'),
  updateProfile: endpoint<{ profile: Profile }, { profile: Profile }>('put', '/api/v1/me/profile'),
  profileCompletion: endpoint<Empty, ProfileCompletion>('get', '/api/v1/me/profile-completion'),
  snoozeProfileStep: endpoint<{ key: string }, Empty>('post', '/api/v1/me/profile-snooze'),
  startEmailVerification: endpoint<Empty, { ok: boolean }>('post', '/api/v1/auth/email/verify/start'),
  startEmailVerificationFallback: endpoint<Empty, { ok: boolean }>('post', '/api/auth/email/verify/start'),

  coTravellers: endpoint<Empty, Items<CoTraveller>>('get', '/api/v1/me/co-travellers'),
  createCoTraveller: endpoint<CoTraveller, CoTraveller>('post', '/api/v1/me/co-travellers'),
  updateCoTraveller: endpoint<CoTraveller, CoTraveller, IdParam>('put', '/api/v1/me/co-travellers/:id'),
  deleteCoTraveller: endpoint<Empty, Empty, IdParam>('delete', '/api/v1/me/co-travellers/:id'),

  sessions: endpoint<Empty, Items<DeviceSession>>('get', '/api/v1/me/sessions'),
  revokeSession: endpoint<Empty, Empty, IdParam>('post', '/api/v1/me/sessions/:id/revoke'),
  changePassword: endpoint<ChangePasswordInput, { ok: boolean }>('put', '/api/v1/me/password'),
  bookings: endpoint<Empty, Items<Booking>>('get', '/api/v1/me/bookings'),

  flightSearch: endpoint<SearchInput, Data<SearchDocument>>('post', '/api/v1/flights/tbo/search'),
  fareQuote: endpoint<TraceInput, Data<FareQuoteDocument>>('post', '/api/v1/flights/tbo/fare-quote'),
  fareRule: endpoint<TraceInput, Data<FareRuleDocument>>('post', '/api/v1/flights/tbo/fare-rule'),
  extras: endpoint<TraceInput, Data<ExtrasDocument>>('post', '/api/v1/flights/tbo/extras'),
  book: endpoint<BookInput, BookingOutcome>('post', '/api/v1/flights/tbo/book'),
  ticket: endpoint<TicketInput, BookingOutcome>('post', '/api/v1/flights/tbo/ticket'),
  bookingDetails: endpoint<{ bookingId: number | string }, Data<BookingDetailsDocument>>(
    'post',
    '/api/v1/flights/tbo/booking-details',
  ),
  booking: endpoint<Empty, BookingWithPayments, IdParam>('get', '/api/v1/me/bookings/:id'),

  payBooking: endpoint<Empty, PaymentOrder, IdParam>('post', '/api/v1/me/bookings/:id/payment'),
  cancelBooking: endpoint<Empty, BookingWithPayments, IdParam>('post', '/api/v1/me/bookings/:id/cancel'),
  cancellationCharges: endpoint<Empty, CancelQuoteAnswer, IdParam>(
    'get',
    '/api/v1/me/bookings/:id/cancellation-charges',
  ),
  cancelTickets: endpoint<CancelInput, CancellationAnswer | CancelRefusal, IdParam>(
    'post',
    '/api/v1/me/bookings/:id/cancellations',
  ),
  myPayments: endpoint<Empty, MyPayments>('get', '/api/v1/me/payments'),

  createEnquiry: endpoint<EnquiryInput, { ok: true; enquiry: Enquiry }>('post', '/api/v1/enquiries'),
  myEnquiries: endpoint<Empty, Items<Enquiry>>('get', '/api/v1/me/enquiries'),

  company: endpoint<Empty, { company: Company }>('get', '/api/v1/me/company'),
  saveCompany: endpoint<{ company: Company }, { company: Company }>('put', '/api/v1/me/company'),
}

/** A JSON error answer as the API writes it. */
export function errorReply(status: number, body: ErrorReply, init: ResponseInit = {}) {
  return HttpResponse.json<ErrorReply>(body, { ...init, status })
}

/** A 204 answer. */
export function noContent() {
  return new HttpResponse<Empty>(null, { status: 204 })
}

/**
 * What every test starts with: a server that knows nobody (`GET /api/auth/me`
 * answers 401). Tests add the calls they expect with `server.use`; any other
 * call fails the test.
 */
export const handlers = [api.me(() => errorReply(401, { error: 'unauthenticated', message: 'You are not signed in.' }))]

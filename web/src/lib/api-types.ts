// Friendly names for the API's wire types. The types themselves are
// generated from the API's contract (api/openapi.yaml) into api.gen.ts by
// `make gen`; this file only names them.
import type { components, operations } from './api.gen'

type Schemas = components['schemas']
/** What an operation answers with 200. */
type Ok<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer T } }
}
  ? T
  : never

/** The error envelope every API route answers a failure with. */
export type ErrorBody = Schemas['Error']
/** An amount of money, exact: a decimal written as a string, such as "5432.10". */
export type Money = Schemas['Money']

// Auth.
export type AccountType = Schemas['AccountType']
export type AuthUser = Schemas['User']
export type UserResponse = Schemas['UserResponse']
export type RegisterBody = Schemas['RegisterInput']
export type LoginBody = Schemas['LoginInput']
export type ChangePasswordInput = Schemas['ChangePasswordInput']
export type DeviceSession = Schemas['DeviceSession']

// The account area.
export type Gender = Schemas['Gender']
export type MaritalStatus = Schemas['MaritalStatus']
export type TripProtectionPlan = Schemas['TripProtectionPlan']
export type TravelInsurancePlan = Schemas['TravelInsurancePlan']
export type Passport = Schemas['Passport']
export type EmergencyContact = Schemas['EmergencyContact']
export type Preferences = Schemas['Preferences']
export type Profile = Schemas['Profile']
export type ProfileInput = Schemas['ProfileInput']
export type ProfileStepKey = Schemas['ProfileStepKey']
export type CompletionBand = Schemas['CompletionBand']
export type CompletionItem = Schemas['CompletionItem']
export type NextStep = Schemas['NextStep']
export type ProfileCompletion = Schemas['ProfileCompletion']
export type FrequentFlyer = Schemas['FrequentFlyer']
/** A co-traveller as the web app holds it: no `_id` until saved. */
export type CoTraveller = Omit<Schemas['CoTraveller'], '_id'> & Partial<Pick<Schemas['CoTraveller'], '_id'>>
export type CoTravellerInput = Schemas['CoTravellerInput']
/** A MyBiz account's company, as GST invoices name it. */
export type Company = Schemas['Company']

// Flights.
export type SearchInput = Schemas['SearchInput']
export type TraceInput = Schemas['TraceInput']
export type BookInput = Schemas['BookInput']
export type TicketInput = Schemas['TicketInput']
export type PassengerInput = Schemas['PassengerInput']
export type AddressInput = Schemas['AddressInput']
export type ContactInput = Schemas['ContactInput']
export type SearchDocument = Schemas['SearchDocument']
export type FareQuoteDocument = Schemas['FareQuoteDocument']
export type FareRuleDocument = Schemas['FareRuleDocument']
/** What a result sells besides its fare: seats, meals and baggage, or a full-service fare's preferences. */
export type ExtrasDocument = Schemas['Extras']
/** One item a booking's passenger takes. */
export type ExtraLine = Schemas['ExtraLine']
export type BookingDocument = Schemas['BookingDocument']
export type BookingDetailsDocument = Schemas['BookingDetailsDocument']
export type FlightResult = Schemas['Result']
export type Segment = Schemas['Segment']
export type Fare = Schemas['Fare']
export type FareBreakdown = Schemas['FareBreakdown']
export type BookingStatus = Schemas['BookingStatus']
export type Booking = Schemas['Booking']
export type BookingOutcome = Schemas['BookingOutcome']

// Payments.
/**
 * One booking with its orders and refunds (GET /api/v1/me/bookings/{id}, and the cancel answer);
 * a ticketed booking's also with its tickets, cancellations and documents.
 */
export type BookingWithPayments = Schemas['BookingWithPayments']
export type Payment = Schemas['Payment']
export type PaymentStatus = Payment['status']
export type Refund = Schemas['Refund']
export type RefundStatus = Refund['status']
/** The order opened for a booking and the form that takes the traveller to the gateway's checkout. */
export type PaymentOrder = Ok<'payBooking'>
export type Checkout = PaymentOrder['checkout']
/** My Payments: the user's orders with their trips, and their refunds. */
export type MyPayments = Ok<'myPayments'>
export type PaymentWithTrip = MyPayments['payments'][number]

// Cancelling a ticketed booking (docs/cancellations.md).
/** A traveller's ticket; on a booking, with whether it may still be cancelled (`state`). */
export type CancelTicket = Schemas['CancelTicket']
export type CancelStatus = Schemas['CancelStatus']
/** What cancelling some tickets would cost, asked of the airline: shown before anything is sent. */
export type CancelQuote = Schemas['CancelQuote']
/** A cancellation: what was quoted when it was confirmed, and the final amounts once the airline has had its last word. */
export type Cancellation = Schemas['Cancellation']
export type CancellationTicket = Cancellation['tickets'][number]
/** A booking's document, a PDF at `href`. */
export type TripDocument = Schemas['Document']
/** POST /api/v1/me/bookings/{id}/cancellations: the tickets (none: every one still held) at the refund shown. */
export type CancelInput = operations['cancelTickets']['requestBody']['content']['application/json']
/** Its 202 answer. */
export type CancellationAnswer = operations['cancelTickets']['responses'][202]['content']['application/json']
/** Its 409 answer: charges_changed carries the new quote. */
export type CancelRefusal = operations['cancelTickets']['responses'][409]['content']['application/json']
/** GET /api/v1/me/bookings/{id}/cancellation-charges. */
export type CancelQuoteAnswer = Ok<'cancellationCharges'>

// Package trip is the one place a trip's states are written down: the
// statuses of a flight booking, of a payment order and of a refund, the
// events that move them, and every allowed move in one table each. The
// services (internal/flights, internal/payment) ask Next before they write,
// and take the status lists of their compare-and-set SQL from From and To,
// so the database guards, the Go code and the API's status enum cannot
// drift apart (trip_test.go checks the SQL and the API contract against the
// tables).
//
// The package is pure: no database, no clock, no I/O.
package trip

import (
	"fmt"
	"slices"
)

// Status is where a booking stands (bookings.status).
type Status string

// The booking statuses.
const (
	// Quoted: priced and recorded, nothing held at the airline. A low-cost
	// fare waits here for its payment and ticket.
	Quoted Status = "quoted"
	// Booking: a Book call is in flight (leased to the process making it).
	Booking Status = "booking"
	// Booked: the airline holds a full-service fare under a PNR, to be paid
	// for and ticketed.
	Booked Status = "booked"
	// Ticketing: a Ticket call is in flight (leased).
	Ticketing Status = "ticketing"
	// Ticketed: the tickets are issued.
	Ticketed Status = "ticketed"
	// Failed: the airline refused, or never received the request, or the
	// ticket failed after payment (which is refunded).
	Failed Status = "failed"
	// Unknown: a Book or Ticket call whose outcome was lost (a timeout, a
	// dropped connection, a process that died); the reconciler settles it
	// from the supplier's booking details.
	Unknown Status = "unknown"
	// Expired: not paid in time; a held seat was released.
	Expired Status = "expired"
	// Cancelled: cancelled by the traveller before the ticket (a moved fare
	// declined); anything paid is refunded.
	Cancelled Status = "cancelled"
)

// Statuses are every booking status, in the order of a booking's life.
var Statuses = []Status{Quoted, Booking, Booked, Ticketing, Ticketed, Failed, Unknown, Expired, Cancelled}

// Step is the supplier call a booking is making or made: Book or Ticket.
// It is also the idempotency operation of the book and ticket routes.
type Step string

// The supplier calls that move a booking.
const (
	StepBook   Step = "book"
	StepTicket Step = "ticket"
)

// Fare is which path a booking takes: a full-service (GDS) fare is booked,
// held, then ticketed; a low-cost (LCC) one is booked by its ticket call.
type Fare uint8

// The fare kinds a transition may be limited to.
const (
	AnyFare Fare = iota
	GDS
	LCC
)

// FareOf is the fare kind of a booking.
func FareOf(isLCC bool) Fare {
	if isLCC {
		return LCC
	}
	return GDS
}

func (f Fare) String() string {
	switch f {
	case GDS:
		return "gds"
	case LCC:
		return "lcc"
	}
	return "any"
}

// Event is what moves a booking.
type Event string

// The booking events.
const (
	// Quote records a new booking from a fresh fare quote.
	Quote Event = "quote"
	// SendBook starts a Book call (full-service fares only).
	SendBook Event = "send book"
	// SendTicket starts a Ticket call: on a held full-service booking, or
	// on a quoted low-cost fare (which the call also books).
	SendTicket Event = "send ticket"
	// Hold is the airline holding the fare under a PNR: Book's answer, or
	// the booking details of an unknown Book (or of a Ticket that did not
	// issue).
	Hold Event = "hold"
	// Issue is the tickets issued: Ticket's answer, or the booking details
	// of an unknown Ticket.
	Issue Event = "issue"
	// RefuseBook is Book refused by the supplier.
	RefuseBook Event = "refuse book"
	// MoveFareAtBook is a fare that moved at Book: the supplier holds
	// nothing, and booking again quotes the new fare.
	MoveFareAtBook Event = "fare moved at book"
	// RefuseTicket is Ticket refused: a full-service booking stays held
	// (it can be ticketed again), a low-cost one fails.
	RefuseTicket Event = "refuse ticket"
	// MoveFareAtTicket is a fare the airline moved at Ticket: the booking
	// waits, held, for the traveller to pay the difference or cancel.
	MoveFareAtTicket Event = "fare moved at ticket"
	// LoseOutcome is a call whose answer was lost, or whose lease ran out
	// (its process died or overran): the reconciler will ask the supplier.
	LoseOutcome Event = "lose outcome"
	// NotReceived is the supplier showing no such booking long after an
	// unknown call: the call never took effect. An unknown Ticket of a
	// full-service booking leaves it held; anything else failed.
	NotReceived Event = "not received"
	// Expire ends a booking not paid in time.
	Expire Event = "expire"
	// Cancel ends a booking the traveller will not pay for, or whose moved
	// fare they decline.
	Cancel Event = "cancel"
	// GiveUp ends a paid booking that will not be ticketed (the airline
	// refused the ticket after payment): its payment is refunded.
	GiveUp Event = "give up"
)

// Transition is one allowed move: from a status, on an event, for a kind of
// fare, to a status.
type Transition struct {
	From  Status
	Event Event
	Fare  Fare
	To    Status
}

func (t Transition) String() string {
	from := string(t.From)
	if from == "" {
		from = "(new)"
	}
	return fmt.Sprintf("%-9s --%s [%s]--> %s", from, t.Event, t.Fare, t.To)
}

// Transitions is every allowed move of a booking, and the only place they
// are written. A move not listed is refused (Next), and the SQL that moves
// a booking takes its allowed from-statuses from here (From).
var Transitions = []Transition{
	{"", Quote, AnyFare, Quoted},

	{Quoted, SendBook, GDS, Booking},
	{Booking, Hold, GDS, Booked},
	{Booking, RefuseBook, GDS, Failed},
	{Booking, MoveFareAtBook, GDS, Failed},
	{Booking, LoseOutcome, GDS, Unknown},

	{Booked, SendTicket, GDS, Ticketing},
	{Quoted, SendTicket, LCC, Ticketing},
	// A low-cost booking whose fare or extras moved at Ticket waits
	// booked, and is ticketed again once the difference is paid.
	{Booked, SendTicket, LCC, Ticketing},
	{Ticketing, Issue, AnyFare, Ticketed},
	{Ticketing, RefuseTicket, GDS, Booked},
	{Ticketing, RefuseTicket, LCC, Failed},
	{Ticketing, MoveFareAtTicket, AnyFare, Booked},
	{Ticketing, LoseOutcome, AnyFare, Unknown},

	// A call's own answer settles its booking even when the lease sweep
	// made it unknown first; so do the booking details the reconciler
	// reads.
	{Unknown, Hold, AnyFare, Booked},
	{Unknown, Issue, AnyFare, Ticketed},
	{Unknown, RefuseBook, GDS, Failed},
	{Unknown, MoveFareAtBook, GDS, Failed},
	{Unknown, RefuseTicket, GDS, Booked},
	{Unknown, RefuseTicket, LCC, Failed},
	{Unknown, MoveFareAtTicket, AnyFare, Booked},
	{Unknown, NotReceived, GDS, Failed},
	{Unknown, NotReceived, LCC, Failed},

	// Only a booking waiting for its payment and ticket ends unpaid. A
	// full-service fare never booked waits quoted, and a low-cost one whose
	// fare or extras moved at Ticket waits booked: both may expire or be
	// given up, and the traveller may decline a moved price (Cancel).
	{Quoted, Expire, AnyFare, Expired},
	{Booked, Expire, AnyFare, Expired},
	{Quoted, Cancel, LCC, Cancelled},
	{Booked, Cancel, AnyFare, Cancelled},
	{Quoted, GiveUp, AnyFare, Failed},
	{Booked, GiveUp, AnyFare, Failed},
	{Failed, GiveUp, AnyFare, Failed},
}

// Reason is why a booking stands where it does when that is not success:
// the last refusal, moved fare, lost outcome or ending (bookings.reason).
// Decisions read it; bookings.failure holds the words for people.
type Reason string

// The reasons.
const (
	ReasonNone           Reason = ""
	ReasonBookRefused    Reason = "book_refused"
	ReasonTicketRefused  Reason = "ticket_refused"
	ReasonFareChanged    Reason = "fare_changed"
	ReasonLost           Reason = "lost"
	ReasonNotReceived    Reason = "not_received"
	ReasonTicketRefunded Reason = "ticket_refunded"
	ReasonExpired        Reason = "expired"
	ReasonCancelled      Reason = "cancelled"
)

// Reasons are every reason a booking may record.
var Reasons = []Reason{ReasonNone, ReasonBookRefused, ReasonTicketRefused, ReasonFareChanged, ReasonLost, ReasonNotReceived,
	ReasonTicketRefunded, ReasonExpired, ReasonCancelled}

// reasons is the reason each event records; an event not listed clears it
// (a success, or a call starting).
var reasons = map[Event]Reason{
	RefuseBook:       ReasonBookRefused,
	MoveFareAtBook:   ReasonFareChanged,
	RefuseTicket:     ReasonTicketRefused,
	MoveFareAtTicket: ReasonFareChanged,
	LoseOutcome:      ReasonLost,
	NotReceived:      ReasonNotReceived,
	GiveUp:           ReasonTicketRefunded,
	Expire:           ReasonExpired,
	Cancel:           ReasonCancelled,
}

// ReasonOf is the reason ev records.
func ReasonOf(ev Event) Reason { return reasons[ev] }

// notReceivedTicketGDS is the one move whose target depends on the lost
// step, not only the fare: an unknown Ticket of a held full-service booking
// that never reached the airline leaves it held.
var notReceivedTicketGDS = Transition{Unknown, NotReceived, GDS, Booked}

// ErrNotAllowed is a move the table does not list.
type ErrNotAllowed struct {
	From  Status
	Event Event
	Fare  Fare
}

func (e *ErrNotAllowed) Error() string {
	return fmt.Sprintf("trip: %q is not allowed from %q for a %s fare", e.Event, e.From, e.Fare)
}

// Next is where ev takes a booking of fare kind fare from status from; step
// is the call whose outcome NotReceived settles (ignored otherwise).
func Next(from Status, ev Event, fare Fare, step Step) (Status, error) {
	if ev == NotReceived && from == Unknown && fare == GDS && step == StepTicket {
		return notReceivedTicketGDS.To, nil
	}
	for _, t := range Transitions {
		if t.From == from && t.Event == ev && (t.Fare == AnyFare || t.Fare == fare) {
			return t.To, nil
		}
	}
	return "", &ErrNotAllowed{From: from, Event: ev, Fare: fare}
}

// From is every status ev moves a booking from (for any fare), for the
// compare-and-set guards of the SQL that records ev.
func From(ev Event) []Status {
	return starts(Transitions, func(t Transition) (Status, bool) { return t.From, t.Event == ev && t.From != "" })
}

// starts is the distinct statuses pick keeps from a table's moves, in the
// table's order.
func starts[T any, S comparable](table []T, pick func(T) (S, bool)) []S {
	var out []S
	for _, t := range table {
		if s, ok := pick(t); ok && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Strings is statuses as the text[] a query takes.
func Strings(statuses []Status) []string {
	out := make([]string, len(statuses))
	for i, s := range statuses {
		out[i] = string(s)
	}
	return out
}

// InFlight reports whether a supplier call is under way in s: the booking
// is leased to the process making it, and the lease sweep makes it Unknown
// when that process dies.
func (s Status) InFlight() bool { return s == Booking || s == Ticketing }

// Ended reports whether s is a final status with no ticket: no supplier
// call will move it again, and money paid on it is refunded.
func (s Status) Ended() bool { return s == Failed || s == Expired || s == Cancelled }

// AwaitingTicket reports whether a booking in s, of fare kind fare, is
// where a payment leads to its ticket: a quoted low-cost fare, or a held
// full-service one. It is exactly the set of states SendTicket leaves.
func AwaitingTicket(s Status, fare Fare) bool {
	_, err := Next(s, SendTicket, fare, "")
	return err == nil
}

// OrderStatus is where a payment order stands at the gateway
// (payments.status).
type OrderStatus string

// The order statuses (the gateway's own words for them).
const (
	// OrderCreated: opened at the gateway, no attempt seen yet.
	OrderCreated OrderStatus = "created"
	// OrderAttempted: an attempt failed; the traveller may try again.
	OrderAttempted OrderStatus = "attempted"
	// OrderPaid: a captured payment of the order's amount, recorded once.
	OrderPaid OrderStatus = "paid"
)

// OrderStatuses are every order status.
var OrderStatuses = []OrderStatus{OrderCreated, OrderAttempted, OrderPaid}

// OrderTransition is one allowed move of a payment order.
type OrderTransition struct {
	From, To OrderStatus
	Event    Event
}

// The payment order events.
const (
	// AttemptFailed is a failed attempt the gateway reports.
	AttemptFailed Event = "attempt failed"
	// Captured is a captured payment of the order's whole amount.
	Captured Event = "captured"
)

// OrderTransitions is every allowed move of a payment order. Paid is final:
// a failure reported after the payment is ignored.
var OrderTransitions = []OrderTransition{
	{OrderCreated, OrderAttempted, AttemptFailed},
	{OrderAttempted, OrderAttempted, AttemptFailed},
	{OrderCreated, OrderPaid, Captured},
	{OrderAttempted, OrderPaid, Captured},
}

// OrderFrom is every order status ev moves an order from.
func OrderFrom(ev Event) []OrderStatus {
	return starts(OrderTransitions, func(t OrderTransition) (OrderStatus, bool) { return t.From, t.Event == ev })
}

// RefundStatus is where a refund stands (refunds.status).
type RefundStatus string

// The refund statuses.
const (
	// RefundRequested: recorded, not yet taken by the gateway.
	RefundRequested RefundStatus = "requested"
	// RefundPending: taken by the gateway, not yet processed.
	RefundPending RefundStatus = "pending"
	// RefundProcessed: the money is on its way back.
	RefundProcessed RefundStatus = "processed"
	// RefundFailed: the gateway could not refund (support takes over).
	RefundFailed RefundStatus = "failed"
)

// RefundStatuses are every refund status.
var RefundStatuses = []RefundStatus{RefundRequested, RefundPending, RefundProcessed, RefundFailed}

// The refund events.
const (
	// RefundTaken is the gateway accepting a refund request.
	RefundTaken Event = "refund taken"
	// RefundDone is the gateway's last word on a refund: processed or
	// failed.
	RefundDone Event = "refund done"
)

// RefundTransition is one allowed move of a refund.
type RefundTransition struct {
	From, To RefundStatus
	Event    Event
}

// RefundTransitions is every allowed move of a refund.
var RefundTransitions = []RefundTransition{
	{RefundRequested, RefundPending, RefundTaken},
	{RefundRequested, RefundProcessed, RefundDone},
	{RefundRequested, RefundFailed, RefundDone},
	{RefundPending, RefundProcessed, RefundDone},
	{RefundPending, RefundFailed, RefundDone},
}

// RefundFrom is every refund status ev moves a refund from.
func RefundFrom(ev Event) []RefundStatus {
	return starts(RefundTransitions, func(t RefundTransition) (RefundStatus, bool) { return t.From, t.Event == ev })
}

// RefundOpen is every refund status the gateway may still move.
func RefundOpen() []RefundStatus {
	return starts(RefundTransitions, func(t RefundTransition) (RefundStatus, bool) { return t.From, true })
}

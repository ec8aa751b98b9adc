package tbo

import (
	"errors"
	"fmt"
	"strings"

	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Kind classifies a failed supplier call.
type Kind string

// Failure kinds; they are also the outcome label of the duration metric.
const (
	KindSupplier Kind = "supplier_error" // the supplier answered with an error
	KindTimeout  Kind = "timeout"        // the operation's deadline passed
	KindNetwork  Kind = "network_error"  // no complete answer: refused, reset, dropped
	KindProtocol Kind = "protocol_error" // an answer we cannot read
	KindCanceled Kind = "canceled"       // our caller gave up (a client that went away)
)

// Error is a failed supplier call. Message is meant for people.
type Error struct {
	Op   connector.Operation
	Kind Kind
	Code int // the supplier's ErrorCode, when it gave one
	// ResponseStatus is the supplier's ResponseStatus, when it answered.
	ResponseStatus int
	Message        string
	Err            error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("tbo %s: %s: %v", e.Op, e.Message, e.Err)
	}
	return fmt.Sprintf("tbo %s: %s", e.Op, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// OutcomeUnknown reports whether the request may have been carried out at
// the supplier although no answer came back. Such a Book or Ticket must
// never be sent again; its real state is asked for with GetBookingDetails.
func (e *Error) OutcomeUnknown() bool { return e.Kind == KindTimeout || e.Kind == KindNetwork }

// ClientFault reports whether the supplier refused the request as invalid
// (ResponseStatus 3) or as belonging to a search that has expired (4, other
// than our own token being refused): the caller's input is at fault, and
// going back to search again is the remedy, not retrying.
func (e *Error) ClientFault() bool {
	return e.Kind == KindSupplier && (e.ResponseStatus == StatusInvalidRequest ||
		(e.ResponseStatus == StatusInvalidSession && e.Code != ErrorCodeInvalidToken))
}

// IsNoSuchBooking reports whether err is the supplier saying, in so many
// words, that it holds no booking for a GetBookingDetails,
// ReleasePNRRequest, GetCancellationCharges or SendChangeRequest request, or
// no change request for a GetChangeRequestStatus one. Only that answer is
// proof that a lost Book or Ticket never took effect: timeouts, HTTP
// failures and other refusals ("try again later") prove nothing and keep
// the booking's outcome unknown.
func IsNoSuchBooking(err error) bool {
	e, ok := supplierSaid(err, connector.OpBookingDetails, connector.OpRelease,
		connector.OpCancellationCharges, connector.OpChangeRequest, connector.OpChangeRequestStatus)
	return ok && says(e, "no booking", "not found", "does not exist", "no record", "no change request")
}

// IsNotAllowed reports whether err is the supplier refusing what the
// booking's present state rules out: releasing a booking whose tickets are
// issued, ticketing one that has been released, or cancelling (or pricing
// the cancellation of) a ticket cancelled or being cancelled already, a
// non-refundable fare, a flight gone or about to leave, or a booking not
// ticketed. Like IsNoSuchBooking it reads the supplier's words: its error
// codes for these are not published.
func IsNotAllowed(err error) bool {
	e, ok := supplierSaid(err, connector.OpRelease, connector.OpTicket, connector.OpCancellationCharges, connector.OpChangeRequest)
	if !ok {
		return false
	}
	switch e.Op {
	case connector.OpRelease:
		return says(e, "ticketed", "ticket issued", "tickets issued", "ticket has been issued", "tickets have been issued", "ticket already")
	case connector.OpTicket:
		return says(e, "released", "cancelled", "canceled")
	}
	return says(e, "already cancelled", "already canceled", "already been cancelled", "already been canceled", "in progress",
		"already raised", "already requested", "non-refundable", "non refundable", "nonrefundable", "departed",
		"no longer be cancel", "not ticketed", "released", "not allowed")
}

// IsAlreadyReleased reports whether err is the supplier refusing a release
// because the booking is released (or cancelled) already: the release the
// caller wants has happened.
func IsAlreadyReleased(err error) bool {
	e, ok := supplierSaid(err, connector.OpRelease)
	return ok && says(e, "already released", "already cancelled", "already canceled")
}

// supplierSaid returns the supplier's own error in err when it answers one
// of ops.
func supplierSaid(err error, ops ...connector.Operation) (*Error, bool) {
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindSupplier {
		return nil, false
	}
	for _, op := range ops {
		if e.Op == op {
			return e, true
		}
	}
	return nil, false
}

// says reports whether the supplier's message holds one of phrases
// (lower-case).
func says(e *Error, phrases ...string) bool {
	msg := strings.ToLower(e.Message)
	for _, p := range phrases {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// IsOutcomeUnknown reports whether err is an Error with an unknown outcome.
func IsOutcomeUnknown(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.OutcomeUnknown()
}

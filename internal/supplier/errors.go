package supplier

import (
	"errors"
	"fmt"

	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Kind classifies a failed supplier call.
type Kind string

// The kinds of failure the product tells apart.
const (
	// KindTimeout: no answer within the operation's deadline. The request
	// may have been carried out.
	KindTimeout Kind = "timeout"
	// KindNotReceived: no complete answer (connection refused, reset or
	// dropped, the supplier's server failing). The request may have been
	// carried out.
	KindNotReceived Kind = "not_received"
	// KindRefused: the supplier refused the request as invalid, or as
	// belonging to a search that has expired: the caller's input is at
	// fault, and searching again is the remedy, not retrying.
	KindRefused Kind = "refused"
	// KindFailed: the supplier answered with a failure, or with an answer
	// that cannot be read.
	KindFailed Kind = "failed"
	// KindNoSuchBooking: the supplier says, in so many words, that it holds
	// no such booking (BookingDetails, Release, CancellationCharges,
	// ChangeRequest), or no such change request (ChangeRequestStatus).
	KindNoSuchBooking Kind = "no_such_booking"
	// KindNotAllowed: the supplier refused what the booking's present state
	// rules out: releasing a booking whose tickets are issued, ticketing one
	// that has been released, cancelling a ticket cancelled or being
	// cancelled already, pricing the cancellation of a non-refundable fare
	// or of a flight gone. The request will never succeed: neither
	// retrying nor searching again is the remedy.
	KindNotAllowed Kind = "not_allowed"
	// KindCanceled: our caller gave up (a client that went away).
	KindCanceled Kind = "canceled"
)

// Error is a failed supplier call.
type Error struct {
	Op   connector.Operation
	Kind Kind
	// Message is meant for people.
	Message string
	// FromSupplier: Message is the supplier's own words (its error
	// message), which the API shows as the detail under its own sentence.
	FromSupplier bool
	// Err is the adapter's own error, for logs.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return fmt.Sprintf("supplier %s: %s", e.Op, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// OutcomeUnknown reports whether the request may have been carried out at
// the supplier although no answer came back. Such a Book, Ticket or
// ChangeRequest must never be sent again; its real state is asked for with
// BookingDetails (and ChangeRequestStatus). A Release may be sent again:
// releasing twice is harmless.
func (e *Error) OutcomeUnknown() bool { return e.Kind == KindTimeout || e.Kind == KindNotReceived }

// AsError returns the *Error in err's chain.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsOutcomeUnknown reports whether err is an Error with an unknown outcome.
func IsOutcomeUnknown(err error) bool {
	e, ok := AsError(err)
	return ok && e.OutcomeUnknown()
}

// IsNoSuchBooking reports whether err is the supplier saying it holds no
// such booking. Only that answer is proof that a lost Book or Ticket never
// took effect: timeouts, connection failures and other refusals ("try again
// later") prove nothing.
func IsNoSuchBooking(err error) bool {
	e, ok := AsError(err)
	return ok && e.Kind == KindNoSuchBooking
}

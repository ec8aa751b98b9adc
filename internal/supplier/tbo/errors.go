package tbo

import (
	"errors"
	"fmt"

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
)

// Error is a failed supplier call. Message is meant for people.
type Error struct {
	Op      connector.Operation
	Kind    Kind
	Code    int // the supplier's ErrorCode, when it gave one
	Message string
	Err     error
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

// IsOutcomeUnknown reports whether err is an Error with an unknown outcome.
func IsOutcomeUnknown(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.OutcomeUnknown()
}

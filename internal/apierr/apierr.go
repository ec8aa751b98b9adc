// Package apierr is the one error type of the HTTP API: a failure that knows
// the status to answer with, a stable code for programs and a message for
// people. Domain code returns these; httpjson.Fail writes them, and writes
// any other error as a logged 500 (docs/api-errors.md lists the codes).
package apierr

import (
	"fmt"
	"net/http"
)

// Error is a failure with its HTTP answer.
type Error struct {
	// Status is the HTTP status to answer with.
	Status int
	// Code is stable and machine-readable (snake_case).
	Code string
	// Message is meant for people and may be shown as is.
	Message string
	// Field is the JSON path of the input at fault, when one is.
	Field string
	// Detail is the supplier's own words, when a supplier refused.
	Detail string
	// Err is the cause, for logs: it is never sent.
	Err error
}

// Error reads "code: message", with the cause when there is one.
func (e *Error) Error() string {
	s := e.Code + ": " + e.Message
	if e.Field != "" {
		s = e.Code + ": " + e.Field + ": " + e.Message
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error of the same status and code, so a
// sentinel such as auth.ErrNotFound matches its copies that carry a cause.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Status == e.Status && t.Code == e.Code
}

// WithCause returns a copy of e carrying err as its cause.
func (e *Error) WithCause(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// New returns an error answering status with code and message.
func New(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// Newf is New with a formatted message.
func Newf(status int, code, format string, args ...any) *Error {
	return New(status, code, fmt.Sprintf(format, args...))
}

// Invalid is a 400 invalid_field naming the input at fault by its JSON path.
func Invalid(field, message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid_field", Field: field, Message: message}
}

// BadRequest is a 400 with its own code, for a request wrong as a whole.
func BadRequest(code, message string) *Error { return New(http.StatusBadRequest, code, message) }

// Unauthenticated is a 401: the request needs a signed-in user.
func Unauthenticated(message string) *Error {
	return New(http.StatusUnauthorized, "unauthenticated", message)
}

// Forbidden is a 403.
func Forbidden(code, message string) *Error { return New(http.StatusForbidden, code, message) }

// NotFound is a 404 not_found.
func NotFound(message string) *Error { return New(http.StatusNotFound, "not_found", message) }

// Conflict is a 409: the thing is not in a state for the request.
func Conflict(code, message string) *Error { return New(http.StatusConflict, code, message) }

// TooMany is a 429 rate_limited; the caller sets Retry-After.
func TooMany(message string) *Error { return New(http.StatusTooManyRequests, "rate_limited", message) }

// Unavailable is a 503: try again later.
func Unavailable(code, message string) *Error {
	return New(http.StatusServiceUnavailable, code, message)
}

// InternalMessage is what people read about a failure on our side.
const InternalMessage = "Something went wrong on our side. Please try again."

// Internal is a 500 internal with cause err (logged, never sent) and the
// usual message.
func Internal(err error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: "internal", Message: InternalMessage, Err: err}
}

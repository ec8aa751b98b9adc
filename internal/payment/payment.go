// Package payment is the port between the product and payment gateways:
// orders for an exact amount in paise, the gateway's hosted checkout that
// the browser is sent to (the product never sees a card number or a UPI
// PIN), the proof a checkout returns, payments, refunds and signed
// webhooks, in the product's terms, with one error type. Razorpay is the
// first adapter (internal/payment/razorpay); its simulator is
// internal/payment/rzpsim. The gateway settings (endpoints, credentials by
// reference, timeouts) are a Config (config.go).
package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Gateway is a payment gateway as the product uses it. Every call is made
// with one gateway's settings and fails with an *Error.
type Gateway interface {
	// CreateOrder asks the gateway for an order: what a checkout pays.
	CreateOrder(ctx context.Context, g *Settings, r OrderRequest) (*Order, error)
	// Order fetches an order's state.
	Order(ctx context.Context, g *Settings, orderID string) (*Order, error)
	// OrderPayments lists every payment attempt on an order.
	OrderPayments(ctx context.Context, g *Settings, orderID string) ([]Payment, error)
	// Refund refunds amount paise of a captured payment. Receipt is the
	// product's reference of the refund: before refunding again after an
	// error whose outcome is unknown, look for it with PaymentRefunds.
	Refund(ctx context.Context, g *Settings, r RefundRequest) (*Refund, error)
	// PaymentRefunds lists the refunds of a payment.
	PaymentRefunds(ctx context.Context, g *Settings, paymentID string) ([]Refund, error)
	// Checkout is the form the browser posts to the gateway's hosted page
	// to pay an order.
	Checkout(g *Settings, r CheckoutRequest) (*CheckoutForm, error)
	// VerifyCheckout checks the proof a successful checkout returned: that
	// the gateway, holding the key secret, says this payment paid this
	// order.
	VerifyCheckout(g *Settings, p CheckoutProof) error
	// ReadCheckout reads what the hosted checkout posted back to the
	// callback, in the gateway's own form fields: the proof of a
	// successful payment, or the order an attempt failed on. Nothing is
	// verified here (VerifyCheckout does that).
	ReadCheckout(form url.Values) CheckoutReturn
	// Webhook checks a webhook's signature over its raw body, then reads
	// it. A body whose signature does not check is refused before it is
	// parsed.
	Webhook(g *Settings, header http.Header, body []byte) (*Event, error)
}

// Registry holds the adapters by gateway type.
type Registry map[string]Gateway

// For returns the adapter of g's type.
func (r Registry) For(g *Settings) (Gateway, bool) {
	a, ok := r[g.Type]
	return a, ok && a != nil
}

// OrderRequest asks for an order of Amount paise.
type OrderRequest struct {
	// Amount is in paise; at least 100 (₹1).
	Amount int64
	// Currency is "INR".
	Currency string
	// Receipt is the product's reference (the booking's), at most 40
	// characters.
	Receipt string
	// Notes are kept with the order at the gateway, for support.
	Notes map[string]string
}

// Order statuses.
const (
	OrderCreated   = "created"
	OrderAttempted = "attempted"
	OrderPaid      = "paid"
)

// Order is a gateway order.
type Order struct {
	ID      string
	Amount  int64
	Paid    int64
	Status  string
	Receipt string
}

// Payment statuses.
const (
	PaymentCreated    = "created"
	PaymentAuthorized = "authorized"
	PaymentCaptured   = "captured"
	PaymentRefunded   = "refunded"
	PaymentFailed     = "failed"
)

// Payment is one attempt to pay an order.
type Payment struct {
	ID      string
	OrderID string
	Amount  int64
	Status  string
	// Method is how the traveller paid: upi, card, netbanking, wallet.
	Method string
	// Refunded is the amount refunded so far, in paise.
	Refunded int64
	// Error is the gateway's description of a failed attempt.
	Error string
	// Reason is the gateway's machine reason of a failed attempt.
	Reason    string
	CreatedAt time.Time
}

// Settled reports whether the payment's money is the merchant's: captured
// (a refunded payment was captured first).
func (p Payment) Settled() bool { return p.Status == PaymentCaptured || p.Status == PaymentRefunded }

// RefundRequest asks for a refund.
type RefundRequest struct {
	PaymentID string
	Amount    int64
	// Receipt is the product's reference of this refund, unique per
	// refund.
	Receipt string
	Notes   map[string]string
}

// Refund statuses.
const (
	RefundPending   = "pending"
	RefundProcessed = "processed"
	RefundFailed    = "failed"
)

// Refund is a refund at the gateway.
type Refund struct {
	ID        string
	PaymentID string
	Amount    int64
	Status    string
	Receipt   string
}

// CheckoutRequest is what the hosted checkout page shows and where it
// sends the traveller back.
type CheckoutRequest struct {
	OrderID     string
	Description string
	// Prefill is the traveller's name, e-mail and phone, so the page need
	// not ask again.
	Name, Email, Contact string
	// CallbackURL receives the outcome (a form POST); CancelURL is where
	// "cancel" goes.
	CallbackURL, CancelURL string
}

// CheckoutForm is an HTML form the browser submits (POST) to the
// gateway's hosted checkout.
type CheckoutForm struct {
	Action string
	Fields map[string]string
}

// CheckoutProof is what a successful checkout returns to the callback.
type CheckoutProof struct {
	OrderID, PaymentID, Signature string
}

// CheckoutReturn is what the hosted checkout posted back: Proof on a
// payment, else the order a failed attempt was on (FailedOrderID, empty
// when the form names none).
type CheckoutReturn struct {
	Proof         *CheckoutProof
	FailedOrderID string
}

// Event kinds the product acts on.
const (
	EventPaymentCaptured = "payment.captured"
	EventPaymentFailed   = "payment.failed"
	EventOrderPaid       = "order.paid"
	EventRefundProcessed = "refund.processed"
	EventRefundFailed    = "refund.failed"
)

// Event is a verified webhook.
type Event struct {
	// ID is the gateway's event id: the same on every delivery of one
	// event, so it is applied once.
	ID string
	// Kind is the event's name (payment.captured, …).
	Kind    string
	Payment *Payment
	Order   *Order
	Refund  *Refund
}

// Kind sorts failures.
type Kind string

// The error kinds.
const (
	// KindRefused: the gateway answered and said no (bad request, unknown
	// id, a refund larger than what is left).
	KindRefused Kind = "refused"
	// KindAuth: the gateway refused our key.
	KindAuth Kind = "auth"
	// KindUnavailable: the gateway failed (5xx) or could not be reached.
	KindUnavailable Kind = "unavailable"
	// KindTimeout: no answer within the deadline; the call may or may not
	// have taken effect.
	KindTimeout Kind = "timeout"
	// KindBadSignature: a checkout proof or webhook whose signature does not
	// check.
	KindBadSignature Kind = "bad_signature"
	// KindConfig: the settings are incomplete (no credentials).
	KindConfig Kind = "config"
	// KindProtocol: an answer we could not read.
	KindProtocol Kind = "protocol"
)

// Error is every gateway failure.
type Error struct {
	Op   string
	Kind Kind
	// Message is the gateway's own description when it gave one.
	Message string
	// Status is the HTTP status of the gateway's answer (0 without one).
	Status int
	Err    error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("payment gateway %s: %s", e.Op, e.Kind)
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// OutcomeUnknown reports whether the call may have taken effect though it
// failed: a timeout, or the connection lost after the request was sent.
func (e *Error) OutcomeUnknown() bool { return e.Kind == KindTimeout || e.Kind == KindUnavailable }

// AsError returns err's *Error.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

package rzpsim

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Notes are the key-value notes Razorpay keeps on orders, payments and
// refunds. Razorpay writes an empty set as [] rather than {} (a trait of its
// PHP encoder that clients must accept), and so does the simulator.
type Notes map[string]string

// MarshalJSON writes empty notes as [] and others as an object.
func (n Notes) MarshalJSON() ([]byte, error) {
	if len(n) == 0 {
		return []byte("[]"), nil
	}
	return json.Marshal(map[string]string(n))
}

// UnmarshalJSON reads an object, or [] and null as no notes.
func (n *Notes) UnmarshalJSON(b []byte) error {
	switch t := bytes.TrimSpace(b); {
	case bytes.Equal(t, []byte("null")), bytes.Equal(t, []byte("[]")):
		*n = nil
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("notes: %w", err)
	}
	*n = m
	return nil
}

// Order is Razorpay's order entity as GET /v1/orders/{id} answers it.
type Order struct {
	ID         string  `json:"id"`
	Entity     string  `json:"entity"`
	Amount     int64   `json:"amount"`
	AmountPaid int64   `json:"amount_paid"`
	AmountDue  int64   `json:"amount_due"`
	Currency   string  `json:"currency"`
	Receipt    *string `json:"receipt"`
	OfferID    *string `json:"offer_id"`
	// Status is created, attempted (a payment was tried) or paid (one was
	// captured; it stays paid after refunds).
	Status string `json:"status"`
	// Attempts counts every payment tried on the order, failed ones too.
	Attempts  int   `json:"attempts"`
	Notes     Notes `json:"notes"`
	CreatedAt int64 `json:"created_at"`
}

// Card is the card of a card payment. The simulator keeps only the network
// and the last four digits of the number it is given.
type Card struct {
	ID            string  `json:"id"`
	Entity        string  `json:"entity"`
	Name          string  `json:"name"`
	Last4         string  `json:"last4"`
	Network       string  `json:"network"`
	Type          string  `json:"type"`
	Issuer        *string `json:"issuer"`
	International bool    `json:"international"`
	EMI           bool    `json:"emi"`
	SubType       string  `json:"sub_type"`
}

// UPI is the UPI detail of a UPI payment.
type UPI struct {
	PayerAccountType string `json:"payer_account_type"`
	VPA              string `json:"vpa"`
	Flow             string `json:"flow"`
}

// Payment is Razorpay's payment entity as GET /v1/payments/{id} answers it.
type Payment struct {
	ID       string `json:"id"`
	Entity   string `json:"entity"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	// Status is created (waiting for the customer), authorized, captured,
	// refunded (fully) or failed.
	Status        string  `json:"status"`
	OrderID       string  `json:"order_id"`
	InvoiceID     *string `json:"invoice_id"`
	International bool    `json:"international"`
	// Method is upi, card, netbanking or wallet.
	Method         string  `json:"method"`
	AmountRefunded int64   `json:"amount_refunded"`
	RefundStatus   *string `json:"refund_status"`
	Captured       bool    `json:"captured"`
	Description    *string `json:"description"`
	CardID         *string `json:"card_id"`
	Card           *Card   `json:"card,omitempty"`
	Bank           *string `json:"bank"`
	Wallet         *string `json:"wallet"`
	VPA            *string `json:"vpa"`
	Email          string  `json:"email"`
	Contact        string  `json:"contact"`
	Notes          Notes   `json:"notes"`
	// Fee and Tax are set when the payment is captured: 2% of the amount
	// plus 18% GST on it; Fee includes Tax.
	Fee              *int64         `json:"fee"`
	Tax              *int64         `json:"tax"`
	ErrorCode        *string        `json:"error_code"`
	ErrorDescription *string        `json:"error_description"`
	ErrorSource      *string        `json:"error_source"`
	ErrorStep        *string        `json:"error_step"`
	ErrorReason      *string        `json:"error_reason"`
	AcquirerData     map[string]any `json:"acquirer_data"`
	UPI              *UPI           `json:"upi,omitempty"`
	CreatedAt        int64          `json:"created_at"`
}

// Refund is Razorpay's refund entity.
type Refund struct {
	ID           string         `json:"id"`
	Entity       string         `json:"entity"`
	Amount       int64          `json:"amount"`
	Currency     string         `json:"currency"`
	PaymentID    string         `json:"payment_id"`
	Notes        Notes          `json:"notes"`
	Receipt      *string        `json:"receipt"`
	AcquirerData map[string]any `json:"acquirer_data"`
	CreatedAt    int64          `json:"created_at"`
	BatchID      *string        `json:"batch_id"`
	// Status is pending until Options.RefundDelay has passed, then
	// processed.
	Status         string `json:"status"`
	SpeedProcessed string `json:"speed_processed"`
	SpeedRequested string `json:"speed_requested"`
}

// Collection is Razorpay's list envelope.
type Collection[T any] struct {
	Entity string `json:"entity"`
	Count  int    `json:"count"`
	Items  []T    `json:"items"`
}

func collection[T any](items []T) Collection[T] {
	if items == nil {
		items = []T{}
	}
	return Collection[T]{Entity: "collection", Count: len(items), Items: items}
}

// Entity states.
const (
	OrderCreated   = "created"
	OrderAttempted = "attempted"
	OrderPaid      = "paid"

	PaymentCreated    = "created"
	PaymentAuthorized = "authorized"
	PaymentCaptured   = "captured"
	PaymentRefunded   = "refunded"
	PaymentFailed     = "failed"

	RefundPending   = "pending"
	RefundProcessed = "processed"
)

// Payment methods.
const (
	MethodUPI        = "upi"
	MethodCard       = "card"
	MethodNetbanking = "netbanking"
	MethodWallet     = "wallet"
)

// Checkout outcomes a tester (or Pay) chooses.
const (
	OutcomeSuccess = "success"
	OutcomeFailure = "failure"
	// OutcomePending is a UPI payment the customer approves late: it stays
	// created until Options.PendingDelay has passed, then is captured.
	OutcomePending = "pending"
)

func ptr[T any](v T) *T { return &v }

// apiError is Razorpay's error body, {"error": {...}}, with its HTTP status.
type apiError struct {
	status      int
	Code        string            `json:"code"`
	Description string            `json:"description"`
	Source      string            `json:"source"`
	Step        string            `json:"step"`
	Reason      string            `json:"reason"`
	Metadata    map[string]string `json:"metadata"`
	Field       string            `json:"field,omitempty"`
}

func (e *apiError) MarshalJSON() ([]byte, error) {
	type body apiError
	b := body(*e)
	if b.Metadata == nil {
		b.Metadata = map[string]string{}
	}
	return json.Marshal(struct {
		Error body `json:"error"`
	}{b})
}

func (e *apiError) Error() string { return e.Description }

// badRequest is a business validation error on field (may be empty).
func badRequest(field, description string) *apiError {
	return &apiError{status: 400, Code: "BAD_REQUEST_ERROR", Description: description,
		Source: "business", Step: "payment_initiation", Reason: "input_validation_failed", Field: field}
}

// requestError is a failure of the request itself (bad URL, bad
// credentials), with no business context.
func requestError(status int, description string) *apiError {
	return &apiError{status: status, Code: "BAD_REQUEST_ERROR", Description: description,
		Source: "NA", Step: "NA", Reason: "NA"}
}

func serverError() *apiError {
	return &apiError{
		status:      500,
		Code:        "SERVER_ERROR",
		Description: "The server encountered an error. The incident has been reported to admins.",
		Source:      "NA",
		Step:        "NA",
		Reason:      "NA",
	}
}

// Descriptions Razorpay uses, which clients may match on.
const (
	msgNoSuchID      = "The id provided does not exist"
	msgNoURL         = "The requested URL was not found on the server."
	msgNoAPIKey      = "Please provide your api key for authentication purposes." //nolint:gosec // an error message, not a credential
	msgAuthFailed    = "Authentication failed"
	msgOrderPaid     = "Payment already done for this order."
	msgFullyRefunded = "The payment has been fully refunded already"
	msgOverRefund    = "The refund amount provided is greater than amount captured"
	msgMinAmount     = "The amount must be at least INR 1.00"
)

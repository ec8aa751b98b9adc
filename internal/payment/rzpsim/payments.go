package rzpsim

import (
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// Errors of Pay, CompletePayment and FailPayment.
var (
	ErrNoSuchOrder   = errors.New("rzpsim: no such order")
	ErrNoSuchPayment = errors.New("rzpsim: no such payment")
	// ErrOrderPaid is a payment tried on an order that is paid, or has an
	// authorized payment waiting for capture.
	ErrOrderPaid = errors.New("rzpsim: payment already done for this order")
	// ErrNotPending is CompletePayment or FailPayment on a payment that is
	// not waiting for the customer.
	ErrNotPending = errors.New("rzpsim: the payment is not pending")
)

// PayRequest is a payment made without the browser: what a tester would
// choose on the checkout page.
type PayRequest struct {
	// Method is upi, card, netbanking or wallet.
	Method string `json:"method"`
	// Outcome is success, failure or pending (UPI only).
	Outcome string `json:"outcome"`
	// Reason is a failure's error_reason: payment_failed (the default),
	// insufficient_funds, payment_cancelled or payment_timed_out.
	Reason string `json:"reason,omitempty"`
	// VPA is the UPI id (default success@razorpay). failure@razorpay fails
	// whatever the outcome, as in Razorpay's test mode.
	VPA string `json:"vpa,omitempty"`
	// CardNumber is a test card number (default 4111 1111 1111 1111); only
	// its network and last four digits are kept.
	CardNumber string `json:"card_number,omitempty"`
	// Bank is a net-banking bank code: HDFC (default), ICIC, SBIN or UTIB.
	Bank string `json:"bank,omitempty"`
	// Wallet is a wallet: mobikwik (default), phonepe, amazonpay or
	// freecharge.
	Wallet string `json:"wallet,omitempty"`
	// Email and Contact are the customer's (defaults void@razorpay.com and
	// +919000090000); Description and Notes are the payment's.
	Email       string `json:"email,omitempty"`
	Contact     string `json:"contact,omitempty"`
	Description string `json:"description,omitempty"`
	Notes       Notes  `json:"notes,omitempty"`
}

// CallbackFields are what the checkout posts to the merchant's callback_url
// after a payment.
type CallbackFields struct {
	PaymentID string
	OrderID   string
	// Status is the payment's status when the fields were made.
	Status string
	// Signature is razorpay_signature (see Sign), set when the payment
	// succeeded.
	Signature string
	// Error is set when the payment failed.
	Error *CallbackError
}

// CallbackError is the error[...] fields of a failed payment's callback.
type CallbackError struct {
	Code, Description, Source, Step, Reason string
	// Metadata is the JSON text {"payment_id": …, "order_id": …}.
	Metadata string
}

// Pending reports whether the payment waits for the customer: there is
// nothing to post yet.
func (c CallbackFields) Pending() bool { return c.Signature == "" && c.Error == nil }

// Form returns the fields as the checkout posts them: razorpay_payment_id,
// razorpay_order_id and razorpay_signature after a success, error[code],
// error[description], error[source], error[step], error[reason] and
// error[metadata] after a failure, nothing while pending.
func (c CallbackFields) Form() url.Values {
	switch {
	case c.Signature != "":
		return url.Values{"razorpay_payment_id": {c.PaymentID}, "razorpay_order_id": {c.OrderID},
			"razorpay_signature": {c.Signature}}
	case c.Error != nil:
		return url.Values{"error[code]": {c.Error.Code}, "error[description]": {c.Error.Description},
			"error[source]": {c.Error.Source}, "error[step]": {c.Error.Step}, "error[reason]": {c.Error.Reason},
			"error[metadata]": {c.Error.Metadata}}
	}
	return url.Values{}
}

// Pay pays an order as a tester on the checkout page would, with the
// method's default details. It returns the callback fields the page would
// post.
func (s *Sim) Pay(orderID, method, outcome string) (CallbackFields, error) {
	return s.PayWith(orderID, PayRequest{Method: method, Outcome: outcome})
}

// PayWith pays an order with the details in req.
func (s *Sim) PayWith(orderID string, req PayRequest) (CallbackFields, error) {
	d, err := req.check()
	if err != nil {
		return CallbackFields{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, err := s.payLocked(orderID, d)
	if err != nil {
		return CallbackFields{}, err
	}
	return s.callbackLocked(p), nil
}

// CompletePayment ends a pending payment now, successfully: it is
// authorized and, if its order captures automatically and is not paid
// yet, captured.
func (s *Sim) CompletePayment(paymentID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payments[paymentID]
	switch {
	case !ok:
		return ErrNoSuchPayment
	case p.Status != PaymentCreated:
		return ErrNotPending
	}
	var evs []eventSpec
	s.authorizeLocked(p, &evs)
	// A late payment on an order another payment has paid stays
	// authorized: Razorpay refunds such payments on its own later, which
	// the simulator does not.
	if p.order.autoCapture && !p.order.settledLocked(p) {
		s.captureLocked(p, &evs)
	}
	s.emitLocked(evs)
	return nil
}

// FailPayment ends a pending payment now with a failure.
func (s *Sim) FailPayment(paymentID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payments[paymentID]
	switch {
	case !ok:
		return ErrNoSuchPayment
	case p.Status != PaymentCreated:
		return ErrNotPending
	}
	var evs []eventSpec
	s.failLocked(p, "payment_failed", &evs)
	s.emitLocked(evs)
	return nil
}

// inputError is a bad choice on the checkout page, on one of its fields.
type inputError struct{ field, msg string }

func (e *inputError) Error() string { return "rzpsim: " + e.msg }

// payDetails is a checked PayRequest.
type payDetails struct {
	PayRequest
	network, last4 string
}

// Test values and choices the checkout offers.
const (
	defaultVPA     = "success@razorpay"
	failureVPA     = "failure@razorpay"
	defaultCard    = "4111 1111 1111 1111"
	defaultEmail   = "void@razorpay.com"
	defaultContact = "+919000090000"
)

// banks are the net-banking banks offered, by Razorpay's bank code.
var banks = []struct{ Code, Name string }{
	{"HDFC", "HDFC Bank"}, {"ICIC", "ICICI Bank"}, {"SBIN", "State Bank of India"}, {"UTIB", "Axis Bank"},
}

var wallets = []struct{ Code, Name string }{
	{"mobikwik", "MobiKwik"}, {"phonepe", "PhonePe"}, {"amazonpay", "Amazon Pay"}, {"freecharge", "Freecharge"},
}

// failures are the failure reasons offered, with where each happens.
var failures = map[string]struct{ source, step string }{
	"payment_failed":     {"bank", "payment_authorization"},
	"insufficient_funds": {"customer", "payment_authorization"},
	"payment_cancelled":  {"customer", "payment_authentication"},
	"payment_timed_out":  {"customer", "payment_authentication"},
}

var vpaPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,256}@[A-Za-z]{2,64}$`)

// check validates a request and fills in the defaults.
func (req PayRequest) check() (payDetails, error) {
	d := payDetails{PayRequest: req}
	switch req.Outcome {
	case OutcomeSuccess, OutcomeFailure, OutcomePending:
	default:
		return d, &inputError{"outcome", "Choose an outcome: success, failure or pending."}
	}
	if req.Reason == "" {
		d.Reason = "payment_failed"
	} else if _, ok := failures[req.Reason]; !ok || req.Outcome != OutcomeFailure {
		return d, &inputError{"reason", "A failure reason is one of payment_failed, insufficient_funds, payment_cancelled or payment_timed_out, with outcome failure."}
	}
	if req.Outcome == OutcomePending && req.Method != MethodUPI {
		return d, &inputError{"outcome", "Only a UPI payment can be left pending."}
	}
	switch req.Method {
	case MethodUPI:
		d.VPA = strings.TrimSpace(req.VPA)
		if d.VPA == "" {
			d.VPA = defaultVPA
		}
		if !vpaPattern.MatchString(d.VPA) {
			return d, &inputError{"vpa", "Enter a UPI ID such as success@razorpay."}
		}
		if strings.EqualFold(d.VPA, failureVPA) {
			d.Outcome = OutcomeFailure
		}
	case MethodCard:
		number := req.CardNumber
		if strings.TrimSpace(number) == "" {
			number = defaultCard
		}
		digits := strings.Map(func(r rune) rune {
			if r == ' ' || r == '-' {
				return -1
			}
			return r
		}, number)
		if !luhn(digits) {
			return d, &inputError{"card_number", "Enter a valid card number, such as 4111 1111 1111 1111."}
		}
		d.network, d.last4 = cardNetwork(digits), digits[len(digits)-4:]
		d.CardNumber = ""
	case MethodNetbanking:
		if d.Bank == "" {
			d.Bank = banks[0].Code
		}
		if !slices.ContainsFunc(banks, func(b struct{ Code, Name string }) bool { return b.Code == d.Bank }) {
			return d, &inputError{"bank", "Choose one of the banks listed."}
		}
	case MethodWallet:
		if d.Wallet == "" {
			d.Wallet = wallets[0].Code
		}
		if !slices.ContainsFunc(wallets, func(w struct{ Code, Name string }) bool { return w.Code == d.Wallet }) {
			return d, &inputError{"wallet", "Choose one of the wallets listed."}
		}
	default:
		return d, &inputError{"method", "Choose a payment method: upi, card, netbanking or wallet."}
	}
	if d.Email == "" {
		d.Email = defaultEmail
	}
	if d.Contact == "" {
		d.Contact = defaultContact
	}
	return d, nil
}

// luhn reports whether number is 12 to 19 digits with a valid check digit.
func luhn(number string) bool {
	if len(number) < 12 || len(number) > 19 {
		return false
	}
	sum := 0
	for i := range len(number) {
		c := number[len(number)-1-i]
		if c < '0' || c > '9' {
			return false
		}
		n := int(c - '0')
		if i%2 == 1 {
			if n *= 2; n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return sum%10 == 0
}

// cardNetwork names the network of a card number by its leading digits.
func cardNetwork(number string) string {
	switch {
	case strings.HasPrefix(number, "34"), strings.HasPrefix(number, "37"):
		return "American Express"
	case strings.HasPrefix(number, "36"), strings.HasPrefix(number, "38"):
		return "Diners Club"
	case number[0] == '4':
		return "Visa"
	case number[0] == '5' && number[1] >= '1' && number[1] <= '5', number[0] == '2' && number[1] >= '2' && number[1] <= '7':
		return "MasterCard"
	case strings.HasPrefix(number, "60"), strings.HasPrefix(number, "65"), strings.HasPrefix(number, "81"),
		strings.HasPrefix(number, "82"), strings.HasPrefix(number, "508"):
		return "RuPay"
	case number[0] == '5', number[0] == '6':
		return "Maestro"
	}
	return "Unknown"
}

// settledLocked reports whether a payment other than except has been
// authorized or captured on the order: no other payment may start, and a
// late one may not be captured.
func (o *order) settledLocked(except *payment) bool {
	if o.Status == OrderPaid {
		return true
	}
	for _, p := range o.payments {
		if p != except && (p.Status == PaymentAuthorized || p.Captured) {
			return true
		}
	}
	return false
}

// payLocked makes a payment on an order with checked details.
func (s *Sim) payLocked(orderID string, d payDetails) (*payment, error) {
	o, ok := s.orders[orderID]
	if !ok {
		return nil, ErrNoSuchOrder
	}
	if o.settledLocked(nil) {
		return nil, ErrOrderPaid
	}
	p := &payment{order: o, Payment: Payment{
		ID: newID("pay_"), Entity: "payment", Amount: o.Amount, Currency: o.Currency, Status: PaymentCreated,
		OrderID: o.ID, Method: d.Method, Email: d.Email, Contact: d.Contact, Notes: d.Notes,
		AcquirerData: map[string]any{}, CreatedAt: s.now().Unix(),
	}}
	if d.Description != "" {
		p.Description = ptr(d.Description)
	}
	switch d.Method {
	case MethodUPI:
		p.VPA = ptr(d.VPA)
		p.UPI = &UPI{PayerAccountType: "bank_account", VPA: d.VPA, Flow: "collect"}
	case MethodCard:
		id := newID("card_")
		p.CardID = ptr(id)
		p.Card = &Card{ID: id, Entity: "card", Last4: d.last4, Network: d.network, Type: "credit", SubType: "consumer"}
	case MethodNetbanking:
		p.Bank = ptr(d.Bank)
	case MethodWallet:
		p.Wallet = ptr(d.Wallet)
	}
	o.Attempts++
	if o.Status == OrderCreated {
		o.Status = OrderAttempted
	}
	o.payments = append(o.payments, p)
	s.payments[p.ID] = p

	var evs []eventSpec
	switch d.Outcome {
	case OutcomeSuccess:
		s.authorizeLocked(p, &evs)
		if o.autoCapture {
			s.captureLocked(p, &evs)
		}
	case OutcomeFailure:
		s.failLocked(p, d.Reason, &evs)
	case OutcomePending:
		id := p.ID
		s.afterLocked(s.opts.PendingDelay, func() {
			if err := s.CompletePayment(id); err != nil && !errors.Is(err, ErrNotPending) {
				s.log.Debug("pending payment gone before it completed", "payment_id", id, "err", err)
			}
		})
	}
	s.emitLocked(evs)
	return p, nil
}

// callbackLocked returns the callback fields for a payment's state.
func (s *Sim) callbackLocked(p *payment) CallbackFields {
	c := CallbackFields{PaymentID: p.ID, OrderID: p.OrderID, Status: p.Status}
	switch p.Status {
	case PaymentAuthorized, PaymentCaptured, PaymentRefunded:
		c.Signature = Sign(s.opts.KeySecret, p.OrderID, p.ID)
	case PaymentFailed:
		meta, _ := json.Marshal(map[string]string{"payment_id": p.ID, "order_id": p.OrderID})
		c.Error = &CallbackError{Code: *p.ErrorCode, Description: *p.ErrorDescription, Source: *p.ErrorSource,
			Step: *p.ErrorStep, Reason: *p.ErrorReason, Metadata: string(meta)}
	}
	return c
}

func (s *Sim) authorizeLocked(p *payment, evs *[]eventSpec) {
	p.Status = PaymentAuthorized
	switch p.Method {
	case MethodUPI:
		p.AcquirerData = map[string]any{"rrn": digits(12), "upi_transaction_id": strings.ToUpper(randomString("0123456789abcdef", 32))}
	case MethodCard:
		p.AcquirerData = map[string]any{"auth_code": digits(6)}
	case MethodNetbanking:
		p.AcquirerData = map[string]any{"bank_transaction_id": digits(10)}
	case MethodWallet:
		p.AcquirerData = map[string]any{"transaction_id": nil}
	}
	*evs = append(*evs, paymentEvent("payment.authorized", p))
}

// Razorpay's standard pricing: 2% of the amount, and 18% GST on that fee.
const (
	feePercent = 2
	gstPercent = 18
)

func (s *Sim) captureLocked(p *payment, evs *[]eventSpec) {
	fee := (p.Amount*feePercent + 50) / 100
	tax := (fee*gstPercent + 50) / 100
	p.Status, p.Captured = PaymentCaptured, true
	p.Fee, p.Tax = ptr(fee+tax), ptr(tax)
	o := p.order
	o.AmountPaid, o.AmountDue, o.Status = o.Amount, 0, OrderPaid
	*evs = append(*evs, paymentEvent("payment.captured", p),
		eventSpec{name: "order.paid", paymentID: p.ID, contains: []string{"payment", "order"},
			payload: map[string]any{"payment": p.Payment, "order": o.Order}})
}

func (s *Sim) failLocked(p *payment, reason string, evs *[]eventSpec) {
	f := failures[reason]
	p.Status = PaymentFailed
	p.ErrorCode, p.ErrorDescription = ptr("BAD_REQUEST_ERROR"), ptr("Payment failed")
	p.ErrorSource, p.ErrorStep, p.ErrorReason = ptr(f.source), ptr(f.step), ptr(reason)
	*evs = append(*evs, paymentEvent("payment.failed", p))
}

func paymentEvent(name string, p *payment) eventSpec {
	return eventSpec{name: name, paymentID: p.ID, contains: []string{"payment"},
		payload: map[string]any{"payment": p.Payment}}
}

// refundLocked refunds amount (or, when not given, what is left) of a
// captured payment; the refund is processed after RefundDelay.
func (s *Sim) refundLocked(p *payment, amount int64, given bool, speed, receipt string, notes Notes) (*refund, *apiError) {
	if p.Status == PaymentRefunded {
		return nil, badRequest("", msgFullyRefunded)
	}
	if !p.Captured {
		return nil, badRequest("", "The payment status should be captured for action to be taken")
	}
	left := p.Amount
	for _, rf := range p.refunds {
		left -= rf.Amount
	}
	switch {
	case left <= 0:
		return nil, badRequest("", msgFullyRefunded)
	case !given:
		amount = left
	case amount > left:
		return nil, badRequest("amount", msgOverRefund)
	}
	processed := "normal"
	if speed == "optimum" {
		processed = "instant"
	}
	rf := &refund{payment: p, Refund: Refund{
		ID: newID("rfnd_"), Entity: "refund", Amount: amount, Currency: p.Currency, PaymentID: p.ID, Notes: notes,
		AcquirerData: map[string]any{"arn": nil}, CreatedAt: s.now().Unix(), Status: RefundPending,
		SpeedProcessed: processed, SpeedRequested: speed,
	}}
	if receipt != "" {
		rf.Receipt = ptr(receipt)
	}
	p.refunds = append(p.refunds, rf)
	s.refunds[rf.ID] = rf
	s.emitLocked([]eventSpec{refundEvent("refund.created", rf)})
	id := rf.ID
	s.afterLocked(s.opts.RefundDelay, func() { s.processRefund(id) })
	return rf, nil
}

// processRefund moves a pending refund to processed and counts it on its
// payment.
func (s *Sim) processRefund(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rf, ok := s.refunds[id]
	if !ok || rf.Status != RefundPending {
		return
	}
	rf.Status = RefundProcessed
	rf.AcquirerData = map[string]any{"arn": digits(23)}
	p := rf.payment
	p.AmountRefunded += rf.Amount
	if p.AmountRefunded >= p.Amount {
		p.Status, p.RefundStatus = PaymentRefunded, ptr("full")
	} else {
		p.RefundStatus = ptr("partial")
	}
	s.emitLocked([]eventSpec{refundEvent("refund.processed", rf)})
}

func refundEvent(name string, rf *refund) eventSpec {
	return eventSpec{name: name, paymentID: rf.PaymentID, contains: []string{"refund", "payment"},
		payload: map[string]any{"refund": rf.Refund, "payment": rf.payment.Payment}}
}

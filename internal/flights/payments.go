package flights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// What travellers are told about payments (docs/payments.md).
const (
	msgPaymentRequired = "Please pay for this booking before the ticket is issued."
	msgPayWindowOver   = "The time to pay for this booking is over. Please search again."
	msgAlreadyPaid     = "This booking is paid; your ticket is being issued."
	msgTooManyOrders   = "Too many payment attempts on this booking. Please contact us."
	// failureTicketRefunded ends a paid booking whose ticket the airline
	// refused.
	failureTicketRefunded = "The airline could not issue the ticket. Your payment is being refunded in full."
	// failureExpired ends a booking not paid in time.
	failureExpired = "The time to pay ran out, so the booking was released."
	// failureCancelled ends a booking the traveller cancelled (a fare that
	// moved, declined).
	failureCancelled = "Cancelled at your request. Any payment is being refunded in full."
	// failurePaidLate is a booking that expired before its payment came:
	// the payment is refunded.
	failurePaidLate = "Your payment arrived after the booking expired, so it is being refunded in full."
)

// Payments puts payment between the fare and the ticket: an order for the
// server's fare, the gateway's hosted checkout, the proof it returns (or
// its webhook, or a look at the gateway) recorded once, then the ticket,
// issued off the request; a ticket that fails after payment is refunded,
// and an unpaid booking expires. Every replica runs Maintain; the tables
// are the work lists, so nothing is lost to a restart.
type Payments struct {
	pool       *pgxpool.Pool
	q          *queries.Queries
	bookings   *Bookings
	connectors *connector.Store
	gateways   payment.Registry
	settings   *payment.Settings
	metrics    *telemetry.PaymentMetrics
	log        *slog.Logger
	publicURL  string
	now        func() time.Time

	// work is the context the ticket calls after a payment run on: the
	// process's, not a request's.
	work context.Context
	// SettleAfter is how long a paid booking is left to the request or
	// callback working on it before the background settles it.
	SettleAfter time.Duration
	// MaxOrders bounds the orders one booking may open.
	MaxOrders int
	// TicketOnRequest leaves a paid booking's ticket to a ticket request
	// (and the background settle) instead of starting it when the payment
	// is recorded: for tests of the ticket route itself.
	TicketOnRequest bool
}

// PaymentsDeps are what Payments needs.
type PaymentsDeps struct {
	DB         *pgxpool.Pool
	Bookings   *Bookings
	Connectors *connector.Store
	Gateways   payment.Registry
	Settings   *payment.Settings
	Metrics    *telemetry.PaymentMetrics
	Log        *slog.Logger
	// PublicURL is the site's origin: the checkout returns there.
	PublicURL string
}

// NewPayments returns the payment service, or nil without a gateway
// (Settings). Until Start, ticketing after a payment runs on
// context.Background.
func NewPayments(d PaymentsDeps) *Payments {
	if d.Settings == nil {
		return nil
	}
	p := &Payments{pool: d.DB, q: queries.New(store.Reads{Pool: d.DB}), bookings: d.Bookings, connectors: d.Connectors,
		gateways: d.Gateways, settings: d.Settings, metrics: d.Metrics, log: d.Log.With("component", "payments"),
		publicURL: strings.TrimRight(d.PublicURL, "/"), now: time.Now, work: context.Background(),
		SettleAfter: 30 * time.Second, MaxOrders: 10}
	d.Bookings.payments = p
	return p
}

// Gateway is the gateway's name (the {gateway} path segment).
func (p *Payments) Gateway() string { return p.settings.Name }

// Window is how long a new booking waits for its payment.
func (p *Payments) Window() time.Duration { return p.settings.Window() }

// gateway is the adapter of the configured gateway.
func (p *Payments) gateway() (payment.Gateway, error) {
	g, ok := p.gateways.For(p.settings)
	if !ok {
		return nil, fmt.Errorf("payments: no adapter for gateway type %q", p.settings.Type)
	}
	return g, nil
}

// paise is an amount in rupees as paise.
func paise(d decimal.Decimal) int64 { return d.Shift(2).Round(0).IntPart() }

// rupees is an amount in paise as rupees.
func rupees(p int64) decimal.Decimal { return decimal.New(p, -2) }

// due is what a booking costs in paise: its fare, or the new fare the
// airline asked at ticketing.
func due(b queries.Booking) int64 {
	if b.PriceChangePending && b.NewPrice != nil {
		return paise(*b.NewPrice)
	}
	if b.Price == nil {
		return 0
	}
	return paise(*b.Price)
}

// awaitingTicket reports whether b is where a payment leads to a ticket:
// a quoted low-cost fare or a booked (held) full-service one.
func awaitingTicket(b queries.Booking) bool {
	return b.IsLcc && b.Status == StatusQuoted || !b.IsLcc && b.Status == StatusBooked
}

// paidEnough reports whether b's paid orders cover what it costs.
func (p *Payments) paidEnough(ctx context.Context, b queries.Booking) (bool, error) {
	paid, err := p.q.PaymentPaidTotal(ctx, b.ID)
	return paid >= due(b) && due(b) > 0, err
}

// Order is an order to pay and the form that pays it.
type Order struct {
	Payment  queries.Payment
	Checkout *payment.CheckoutForm
}

// Pay opens (or reopens: a failed payment is retried on the same order)
// the order that pays what b still owes, for the hosted checkout.
func (p *Payments) Pay(ctx context.Context, b queries.Booking, lead supplier.Passenger) (Order, error) {
	if !awaitingTicket(b) {
		return Order{}, apierr.Newf(http.StatusConflict, "not_payable", "This booking cannot be paid now (it is %s).", b.Status)
	}
	if b.PayBy != nil && !p.now().Before(*b.PayBy) && !b.PriceChangePending {
		return Order{}, apierr.Conflict("payment_window_over", msgPayWindowOver)
	}
	paid, err := p.q.PaymentPaidTotal(ctx, b.ID)
	if err != nil {
		return Order{}, err
	}
	amount := due(b) - paid
	if amount <= 0 {
		return Order{}, apierr.Conflict("already_paid", msgAlreadyPaid)
	}
	gw, err := p.gateway()
	if err != nil {
		return Order{}, err
	}
	row, err := p.q.PaymentOpenForBooking(ctx, queries.PaymentOpenForBookingParams{BookingID: b.ID, Gateway: p.settings.Name, Amount: amount})
	if errors.Is(err, pgx.ErrNoRows) {
		row, err = p.openOrder(ctx, gw, b, amount)
	}
	if err != nil {
		return Order{}, err
	}
	form, err := gw.Checkout(p.settings, payment.CheckoutRequest{
		OrderID: row.OrderID, Description: describe(b),
		Name: strings.TrimSpace(lead.FirstName + " " + lead.LastName), Email: lead.Email, Contact: lead.ContactNo,
		CallbackURL: p.publicURL + "/api/v1/payments/" + p.settings.Name + "/callback",
		CancelURL:   p.publicURL + "/flights/booking/" + b.ID.String() + "?payment=cancelled",
	})
	if err != nil {
		return Order{}, p.gatewayError(err)
	}
	return Order{Payment: row, Checkout: form}, nil
}

// openOrder asks the gateway for an order of amount paise and records it.
func (p *Payments) openOrder(ctx context.Context, gw payment.Gateway, b queries.Booking, amount int64) (queries.Payment, error) {
	n, err := p.q.PaymentCountForBooking(ctx, b.ID)
	if err != nil {
		return queries.Payment{}, err
	}
	if int(n) >= p.MaxOrders {
		return queries.Payment{}, apierr.New(http.StatusTooManyRequests, "too_many_payments", msgTooManyOrders)
	}
	o, err := gw.CreateOrder(ctx, p.settings, payment.OrderRequest{Amount: amount, Currency: "INR", Receipt: b.ID.String(),
		Notes: map[string]string{"booking": b.ID.String(), "route": b.Origin + "-" + b.Destination}})
	if err != nil {
		return queries.Payment{}, p.gatewayError(err)
	}
	if o.Amount != amount {
		return queries.Payment{}, fmt.Errorf("payments: the gateway made an order of %d paise for %d", o.Amount, amount)
	}
	return p.q.PaymentCreate(ctx, queries.PaymentCreateParams{BookingID: b.ID, UserID: b.UserID, Gateway: p.settings.Name,
		OrderID: o.ID, Amount: amount, Currency: "INR"})
}

// gatewayError is what a traveller is told when the gateway failed.
func (p *Payments) gatewayError(err error) error {
	if e, ok := payment.AsError(err); ok {
		p.log.Warn("payment gateway call failed", "op", e.Op, "kind", e.Kind, "err", err)
		return apierr.New(http.StatusBadGateway, "payment_unavailable", "Payments are unavailable just now. Please try again in a minute.").WithCause(err)
	}
	return err
}

// describe is what the checkout page says is being paid for.
func describe(b queries.Booking) string {
	s := "Flight " + b.Origin + " → " + b.Destination
	if d, err := time.Parse("2006-01-02T15:04:05", b.Departure); err == nil {
		s += ", " + d.Format("2 Jan 2006")
	}
	return s
}

// Callback outcomes, for the page the traveller returns to.
const (
	CallbackPaid       = "paid"
	CallbackFailed     = "failed"
	CallbackUnverified = "unverified"
)

// Callback records what the hosted checkout returned: on success the
// signed proof (verified before anything is written), on failure the
// gateway's reason (read back from the gateway, not from the form). It
// returns the booking the order pays and the outcome.
func (p *Payments) Callback(ctx context.Context, form map[string]string) (uuid.UUID, string, error) {
	gw, err := p.gateway()
	if err != nil {
		return uuid.Nil, "", err
	}
	if form["razorpay_payment_id"] == "" {
		return p.failedCallback(ctx, gw, form)
	}
	proof := payment.CheckoutProof{OrderID: form["razorpay_order_id"], PaymentID: form["razorpay_payment_id"], Signature: form["razorpay_signature"]}
	row, err := p.q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: p.settings.Name, OrderID: proof.OrderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, "", apierr.NotFound("No such payment.")
	}
	if err != nil {
		return uuid.Nil, "", err
	}
	if err := gw.VerifyCheckout(p.settings, proof); err != nil {
		p.log.Warn("payment callback with a signature that does not check", "order", proof.OrderID, "err", err)
		p.metrics.Webhooks.WithLabelValues(p.settings.Name, "callback", "bad_signature").Inc()
		return row.BookingID, CallbackUnverified, nil
	}
	// The proof is the gateway's word that this payment paid this order;
	// the payment's method is read from the gateway when it answers.
	got := payment.Payment{ID: proof.PaymentID, OrderID: proof.OrderID, Amount: row.Amount, Status: payment.PaymentCaptured}
	if list, err := gw.OrderPayments(ctx, p.settings, proof.OrderID); err == nil {
		for _, x := range list {
			if x.ID == proof.PaymentID {
				got = x
			}
		}
	}
	if _, err := p.markPaid(ctx, row, got, "callback"); err != nil {
		return row.BookingID, "", err
	}
	return row.BookingID, CallbackPaid, nil
}

// failedCallback records a failed attempt the checkout reported: the
// order named in error[metadata], the reason as the gateway gives it for
// that order's payments.
func (p *Payments) failedCallback(ctx context.Context, gw payment.Gateway, form map[string]string) (uuid.UUID, string, error) {
	orderID := metadataField(form["error[metadata]"], "order_id")
	row, err := p.q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: p.settings.Name, OrderID: orderID})
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, "", apierr.NotFound("No such payment.")
	}
	if err != nil {
		return uuid.Nil, "", err
	}
	if err := p.checkOrder(ctx, gw, row, "callback"); err != nil {
		p.log.Warn("payment callback: could not read the order's payments", "order", orderID, "err", err)
	}
	return row.BookingID, CallbackFailed, nil
}

// metadataField reads one field of the checkout's error[metadata], a JSON
// object in a form field.
func metadataField(raw, field string) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return ""
	}
	s, _ := m[field].(string)
	return s
}

// markPaid records that payment paid the order of row, once, with an
// event on the booking, then sets about the ticket. first is false when it
// was recorded before (a repeated callback, a duplicate webhook).
func (p *Payments) markPaid(ctx context.Context, row queries.Payment, got payment.Payment, source string) (first bool, err error) {
	if !got.Settled() || got.Amount != row.Amount {
		return false, fmt.Errorf("payments: payment %s (%s, %d paise) does not pay order %s of %d paise", got.ID, got.Status, got.Amount, row.OrderID, row.Amount)
	}
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		var err error
		first, err = recordPaid(ctx, p.q.WithTx(tx), row, got, source)
		return err
	})
	if err != nil || !first {
		return false, err
	}
	p.metrics.Payments.WithLabelValues(source).Inc()
	p.log.Info("payment received", "booking", row.BookingID, "order", row.OrderID, "payment", got.ID, "source", source)
	if source != sourceTicket {
		p.settleSoon(row.BookingID)
	}
	return true, nil
}

// sourceTicket is a payment found by a ticket request, which goes on to
// issue the ticket itself.
const sourceTicket = "ticket"

// confirm asks the gateway about b's unpaid orders, for a ticket request
// on a booking not recorded as paid: the traveller may have paid with the
// news still on its way (a late webhook, a lost callback). What it finds
// is recorded; the request then tickets. It reports whether b is paid.
func (p *Payments) confirm(ctx context.Context, b queries.Booking) (bool, error) {
	asked, err := p.askAboutOrders(ctx, b, sourceTicket)
	if err != nil {
		p.log.Info("ticket request: the gateway could not be asked about every order", "booking", b.ID, "err", err)
	}
	if !asked {
		return false, nil
	}
	return p.paidEnough(ctx, b)
}

// askAboutOrders asks the gateway about each of b's unpaid orders
// (checkOrder), recording what it finds as learnt from source. asked is
// whether b has any; err joins the orders the gateway could not be asked
// about.
func (p *Payments) askAboutOrders(ctx context.Context, b queries.Booking, source string) (asked bool, err error) {
	orders, err := p.q.PaymentListByBooking(ctx, b.ID)
	if err != nil {
		return false, err
	}
	gw, err := p.gateway()
	if err != nil {
		return false, err
	}
	var errs []error
	for _, o := range orders {
		if o.Status != payment.OrderPaid {
			asked = true
			errs = append(errs, p.checkOrder(ctx, gw, o, source))
		}
	}
	return asked, errors.Join(errs...)
}

// recordPaid records, in q's transaction, that got paid the order of row,
// with an event on its booking, which it marks as just worked on (the
// background settle leaves it to whoever recorded it). first is false when
// the order was recorded as paid before.
func recordPaid(ctx context.Context, q *queries.Queries, row queries.Payment, got payment.Payment, source string) (first bool, err error) {
	if _, err := q.PaymentMarkPaid(ctx, queries.PaymentMarkPaidParams{ID: row.ID, PaymentID: &got.ID, Method: got.Method}); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return false, nil
		}
		return false, err
	}
	if err := q.BookingTouch(ctx, row.BookingID); err != nil {
		return false, err
	}
	b, err := q.BookingGetByID(ctx, row.BookingID)
	if err != nil {
		return false, err
	}
	return true, q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: b.Status,
		Note: fmt.Sprintf("paid %d paise by %s (%s, order %s), learnt from the %s", row.Amount, orDash(got.Method), got.ID, row.OrderID, source)})
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// settleSoon sets about a paid booking's next step off the request: the
// ticket call outlives the callback. Like every ticket it holds a lease, so
// a process that stops mid-call leaves it to the sweep and the reconciler.
func (p *Payments) settleSoon(id uuid.UUID) {
	if p.TicketOnRequest {
		return
	}
	go func() {
		if err := p.Settle(p.work, id); err != nil && p.work.Err() == nil {
			p.log.Warn("settling a paid booking failed; it is retried", "booking", id, "err", err)
		}
	}()
}

// Settle takes a booking with money in to its next step: a booking paid
// in full is ticketed; one that ended (a refused ticket, expired, cancelled)
// has its payments refunded. A ticket the airline refuses after payment
// ends the booking (a held seat is released) and refunds it; a fare that
// moved waits for the traveller (pay the difference, or cancel).
func (p *Payments) Settle(ctx context.Context, id uuid.UUID) error {
	b, err := p.q.BookingGetByID(ctx, id)
	if err != nil {
		return err
	}
	switch b.Status {
	case StatusFailed, StatusExpired, StatusCancelled:
		reason := b.Failure
		if b.Status == StatusExpired {
			reason = failurePaidLate
		}
		return p.refundAll(ctx, b, reason)
	}
	if !awaitingTicket(b) {
		return nil
	}
	if ok, err := p.paidEnough(ctx, b); err != nil || !ok {
		return err
	}
	conn, ok := p.connectors.Current().Find(b.Supplier)
	if !ok {
		return fmt.Errorf("payments: booking %s's supplier %q is not configured", b.ID, b.Supplier)
	}
	out, err := p.bookings.Ticket(ctx, conn, b, normaliseAgentRef(b.AgentReference, p.now()))
	if err != nil {
		return err
	}
	switch {
	case out.Failed:
		return p.end(ctx, conn, out.Booking, StatusFailed, failureTicketRefunded)
	case out.Booking.Status == StatusFailed:
		// The reconciler settled the ticket as not issued.
		return p.refundAll(ctx, out.Booking, failureTicketRefunded)
	}
	return nil
}

// end closes a booking that will not be ticketed (to status failed,
// expired or cancelled) with its reason, releases a held seat, tells the
// traveller, and refunds what was paid.
func (p *Payments) end(ctx context.Context, conn *connector.Connector, b queries.Booking, to, reason string) error {
	var ended queries.Booking
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := p.q.WithTx(tx)
		var err error
		ended, err = q.BookingEnd(ctx, queries.BookingEndParams{ID: b.ID, Status: to, Failure: reason,
			FromStatuses: []string{StatusQuoted, StatusBooked, StatusFailed}})
		if err != nil {
			return err
		}
		if err := q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: to, Note: reason}); err != nil {
			return err
		}
		return p.bookings.announce(ctx, tx, ended, outbox.KindBookingFailed)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		// Someone else moved it: it is theirs to settle.
		return nil
	}
	if err != nil {
		return err
	}
	if !b.IsLcc && b.SupplierBookingID != nil {
		p.release(ctx, conn, ended)
	}
	return p.refundAll(ctx, ended, reason)
}

// release frees the seats a GDS booking holds. A release that fails is
// logged: the airline lets an unticketed hold lapse at its own time limit.
func (p *Payments) release(ctx context.Context, conn *connector.Connector, b queries.Booking) {
	port, err := p.bookings.port(conn)
	if err == nil {
		err = releasePNR(ctx, port, conn, b)
	}
	note := "seats released at the supplier"
	if err != nil {
		note = "releasing the seats failed: " + err.Error()
		p.log.Warn("releasing a booking's seats failed; the airline's time limit will", "booking", b.ID, "err", err)
	}
	if err := p.q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: b.Status, Note: note}); err != nil {
		p.log.Warn("recording a release failed", "booking", b.ID, "err", err)
	}
}

// refundAll refunds every paid order of b not refunded yet, in full.
func (p *Payments) refundAll(ctx context.Context, b queries.Booking, reason string) error {
	rows, err := p.q.PaymentsPaidUnrefunded(ctx, b.ID)
	if err != nil {
		return err
	}
	var errs []error
	for _, row := range rows {
		r, err := p.q.RefundCreate(ctx, queries.RefundCreateParams{PaymentID: row.ID, BookingID: b.ID, UserID: b.UserID, Amount: row.Amount, Reason: reason})
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		p.metrics.Refunds.WithLabelValues(b.Status).Inc()
		errs = append(errs, p.askRefund(ctx, r, derefOr(row.PaymentID)))
	}
	return errors.Join(errs...)
}

// refundReceipt is the product's reference of a refund at the gateway.
func refundReceipt(id uuid.UUID) string { return "rf_" + strings.ReplaceAll(id.String(), "-", "") }

// askRefund asks the gateway for a refund recorded as requested. If an
// earlier ask's answer was lost, the refund is found at the gateway by its
// receipt rather than asked for twice.
func (p *Payments) askRefund(ctx context.Context, r queries.Refund, paymentID string) error {
	gw, err := p.gateway()
	if err != nil {
		return err
	}
	receipt := refundReceipt(r.ID)
	var got *payment.Refund
	if r.Checks > 0 {
		list, err := gw.PaymentRefunds(ctx, p.settings, paymentID)
		if err != nil {
			return p.postponeRefund(ctx, r, err)
		}
		for i := range list {
			if list[i].Receipt == receipt {
				got = &list[i]
			}
		}
	}
	if got == nil {
		got, err = gw.Refund(ctx, p.settings, payment.RefundRequest{PaymentID: paymentID, Amount: r.Amount, Receipt: receipt,
			Notes: map[string]string{"booking": r.BookingID.String()}})
		if err != nil {
			return p.postponeRefund(ctx, r, err)
		}
	}
	next := p.now().Add(10 * time.Minute)
	if _, err := p.q.RefundMarkPending(ctx, queries.RefundMarkPendingParams{ID: r.ID, RefundID: &got.ID, NextCheckAt: next}); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if got.Status == payment.RefundProcessed || got.Status == payment.RefundFailed {
		_, err := p.q.RefundSettle(ctx, queries.RefundSettleParams{RefundID: &got.ID, Status: got.Status})
		if errors.Is(err, pgx.ErrNoRows) {
			err = nil
		}
		return err
	}
	p.log.Info("refund asked", "booking", r.BookingID, "refund", got.ID, "paise", r.Amount)
	return nil
}

// postponeRefund schedules another try of a refund the gateway did not
// take.
func (p *Payments) postponeRefund(ctx context.Context, r queries.Refund, cause error) error {
	next := p.now().Add(backoff(int(r.Checks)))
	if err := p.q.RefundPostponeCheck(ctx, queries.RefundPostponeCheckParams{ID: r.ID, NextCheckAt: next}); err != nil {
		return errors.Join(cause, err)
	}
	return cause
}

// backoff is the wait before check n+1 of an order or refund: 30 s,
// doubling, at most an hour.
func backoff(n int) time.Duration {
	return min(time.Duration(1<<min(n, 7))*30*time.Second, time.Hour)
}

// Cancel ends a booking the traveller will not pay for or declines at a
// new fare: a held seat is released and anything paid is refunded.
func (p *Payments) Cancel(ctx context.Context, b queries.Booking) (queries.Booking, error) {
	if !awaitingTicket(b) {
		return b, apierr.Newf(http.StatusConflict, "not_cancellable", "This booking cannot be cancelled here (it is %s).", b.Status)
	}
	if ok, err := p.paidEnough(ctx, b); err != nil {
		return b, err
	} else if ok && !b.PriceChangePending {
		return b, apierr.Conflict("already_paid", msgAlreadyPaid)
	}
	conn, ok := p.connectors.Current().Find(b.Supplier)
	if !ok {
		return b, fmt.Errorf("payments: booking %s's supplier %q is not configured", b.ID, b.Supplier)
	}
	if err := p.end(ctx, conn, b, StatusCancelled, failureCancelled); err != nil {
		return b, err
	}
	return p.q.BookingGetByID(ctx, b.ID)
}

// Webhook results, for the metric and the log.
const (
	webhookApplied   = "applied"
	webhookDuplicate = "duplicate"
	webhookIgnored   = "ignored"
)

// Webhook applies a gateway event once: its signature is checked over the
// raw body before anything else, its id is recorded with its effect in one
// transaction, and an event about an order or refund the product does not
// hold, or one already settled, is acknowledged and ignored.
func (p *Payments) Webhook(ctx context.Context, header http.Header, body []byte) (string, error) {
	gw, err := p.gateway()
	if err != nil {
		return "", err
	}
	ev, err := gw.Webhook(p.settings, header, body)
	if err != nil {
		result := "invalid"
		if e, ok := payment.AsError(err); ok && e.Kind == payment.KindBadSignature {
			result = "bad_signature"
		}
		p.metrics.Webhooks.WithLabelValues(p.settings.Name, "unknown", result).Inc()
		return result, err
	}
	result, paid, err := p.applyEvent(ctx, ev)
	if err != nil {
		return "", err
	}
	p.metrics.Webhooks.WithLabelValues(p.settings.Name, eventLabel(ev.Kind), result).Inc()
	if paid != uuid.Nil {
		p.metrics.Payments.WithLabelValues("webhook").Inc()
		p.settleSoon(paid)
	}
	return result, nil
}

// eventLabel bounds the metric's event label to the events the product
// knows.
func eventLabel(kind string) string {
	switch kind {
	case payment.EventPaymentCaptured, payment.EventPaymentFailed, payment.EventOrderPaid, payment.EventRefundProcessed, payment.EventRefundFailed:
		return kind
	}
	return "other"
}

// applyEvent records ev and its effect in one transaction. paid is the
// booking an order payment just paid, if any.
func (p *Payments) applyEvent(ctx context.Context, ev *payment.Event) (result string, paid uuid.UUID, err error) {
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := p.q.WithTx(tx)
		n, err := q.PaymentEventAdd(ctx, queries.PaymentEventAddParams{Gateway: p.settings.Name, EventID: ev.ID, Event: ev.Kind})
		if err != nil {
			return err
		}
		if n == 0 {
			result = webhookDuplicate
			return nil
		}
		result = webhookIgnored
		switch ev.Kind {
		case payment.EventPaymentCaptured, payment.EventOrderPaid:
			if ev.Payment == nil {
				return nil
			}
			row, err := q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: p.settings.Name, OrderID: ev.Payment.OrderID})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			if !ev.Payment.Settled() || ev.Payment.Amount != row.Amount {
				p.log.Warn("payment webhook does not pay its order", "order", row.OrderID, "payment", ev.Payment.ID, "status", ev.Payment.Status, "paise", ev.Payment.Amount)
				return nil
			}
			first, err := recordPaid(ctx, q, row, *ev.Payment, "webhook")
			if first {
				result, paid = webhookApplied, row.BookingID
			}
			return err
		case payment.EventPaymentFailed:
			if ev.Payment == nil {
				return nil
			}
			row, err := q.PaymentGetByOrder(ctx, queries.PaymentGetByOrderParams{Gateway: p.settings.Name, OrderID: ev.Payment.OrderID})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			if row.Status != payment.OrderPaid {
				result = webhookApplied
				return q.PaymentRecordFailure(ctx, queries.PaymentRecordFailureParams{ID: row.ID, Failure: failureText(*ev.Payment)})
			}
		case payment.EventRefundProcessed, payment.EventRefundFailed:
			if ev.Refund == nil {
				return nil
			}
			status := payment.RefundProcessed
			if ev.Kind == payment.EventRefundFailed {
				status = payment.RefundFailed
			}
			_, err := q.RefundSettle(ctx, queries.RefundSettleParams{RefundID: &ev.Refund.ID, Status: status})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err == nil {
				result = webhookApplied
			}
			return err
		}
		return nil
	})
	return result, paid, err
}

// failureText is a failed attempt in the gateway's words, bounded.
func failureText(x payment.Payment) string {
	s := strings.TrimSpace(x.Error)
	if s == "" {
		s = "The payment did not go through."
	}
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

// checkOrder asks the gateway about an unpaid order: a captured payment is
// recorded (its webhook may never come), a failed one noted.
func (p *Payments) checkOrder(ctx context.Context, gw payment.Gateway, row queries.Payment, source string) error {
	list, err := gw.OrderPayments(ctx, p.settings, row.OrderID)
	if err != nil {
		return err
	}
	var failed *payment.Payment
	for i, x := range list {
		if x.Settled() && x.Amount == row.Amount {
			_, err := p.markPaid(ctx, row, x, source)
			return err
		}
		if x.Status == payment.PaymentFailed && failed == nil {
			failed = &list[i]
		}
	}
	if failed != nil {
		return p.q.PaymentRecordFailure(ctx, queries.PaymentRecordFailureParams{ID: row.ID, Failure: failureText(*failed)})
	}
	return nil
}

// Intervals of the payments' background work.
const (
	paymentsEvery = 5 * time.Second
	// eventsKept is how long applied webhook ids are kept; the gateway
	// retries for a day.
	eventsKept = 7 * 24 * time.Hour
)

// Start sets the context the ticket calls after a payment run on (the
// process's), and runs the background work until it ends: unpaid orders
// asked about at the gateway (a webhook that never came), paid bookings
// taken to their ticket or refund, refunds followed to their end, unpaid
// bookings expired (their seats released). Every replica runs it.
func (p *Payments) Start(ctx context.Context) {
	p.work = context.WithoutCancel(ctx)
	t := time.NewTicker(paymentsEvery)
	defer t.Stop()
	cleanup := time.NewTicker(cleanupEvery)
	defer cleanup.Stop()
	for {
		p.RunOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-cleanup.C:
			if err := p.q.PaymentEventsCleanup(ctx, p.now().Add(-eventsKept)); err != nil && ctx.Err() == nil {
				p.log.Warn("deleting old webhook event ids failed", "err", err)
			}
		case <-t.C:
		}
	}
}

// RunOnce does one round of the background work.
func (p *Payments) RunOnce(ctx context.Context) {
	for i := 0; i < 20 && p.checkNextOrder(ctx); i++ {
	}
	for i := 0; i < 20 && p.checkNextRefund(ctx); i++ {
	}
	p.settleDue(ctx)
	p.expireDue(ctx)
}

// checkNextOrder asks the gateway about one due unpaid order.
func (p *Payments) checkNextOrder(ctx context.Context) bool {
	var row queries.Payment
	found := false
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		var err error
		row, err = p.q.WithTx(tx).PaymentClaimForCheck(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		return p.q.WithTx(tx).PaymentPostponeCheck(ctx, queries.PaymentPostponeCheckParams{ID: row.ID, NextCheckAt: p.now().Add(backoff(int(row.Checks)))})
	})
	if err != nil || !found {
		if err != nil && ctx.Err() == nil {
			p.log.Warn("payments: claiming an order to check failed", "err", err)
		}
		return false
	}
	gw, err := p.gateway()
	if err == nil {
		err = p.checkOrder(ctx, gw, row, "reconcile")
	}
	if err != nil && ctx.Err() == nil {
		p.log.Info("payments: order check failed; it is tried again", "order", row.OrderID, "err", err)
	}
	return true
}

// checkNextRefund follows one due refund: one never taken by the gateway
// is asked again (found first by its receipt), a pending one is read back.
func (p *Payments) checkNextRefund(ctx context.Context) bool {
	var row queries.RefundClaimForCheckRow
	found := false
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		var err error
		row, err = p.q.WithTx(tx).RefundClaimForCheck(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		return p.q.WithTx(tx).RefundPostponeCheck(ctx, queries.RefundPostponeCheckParams{ID: row.ID, NextCheckAt: p.now().Add(backoff(int(row.Checks)))})
	})
	if err != nil || !found {
		if err != nil && ctx.Err() == nil {
			p.log.Warn("payments: claiming a refund to check failed", "err", err)
		}
		return false
	}
	r := queries.Refund{ID: row.ID, PaymentID: row.PaymentID, BookingID: row.BookingID, UserID: row.UserID, Amount: row.Amount,
		Reason: row.Reason, Status: row.Status, RefundID: row.RefundID, Checks: row.Checks + 1}
	paymentID := derefOr(row.GatewayPaymentID)
	if row.Status == "requested" {
		err = p.askRefund(ctx, r, paymentID)
	} else {
		err = p.readRefund(ctx, r, paymentID)
	}
	if err != nil && ctx.Err() == nil {
		p.log.Info("payments: refund check failed; it is tried again", "refund", row.ID, "err", err)
	}
	return true
}

// readRefund reads a pending refund's state back from the gateway.
func (p *Payments) readRefund(ctx context.Context, r queries.Refund, paymentID string) error {
	gw, err := p.gateway()
	if err != nil {
		return err
	}
	list, err := gw.PaymentRefunds(ctx, p.settings, paymentID)
	if err != nil {
		return err
	}
	for _, x := range list {
		if r.RefundID != nil && x.ID == *r.RefundID && (x.Status == payment.RefundProcessed || x.Status == payment.RefundFailed) {
			_, err := p.q.RefundSettle(ctx, queries.RefundSettleParams{RefundID: &x.ID, Status: x.Status})
			if errors.Is(err, pgx.ErrNoRows) {
				err = nil
			}
			return err
		}
	}
	return nil
}

// settleDue takes paid bookings that no request is working on to their
// next step: a callback whose process died, a webhook-only payment, a
// refund never asked.
func (p *Payments) settleDue(ctx context.Context) {
	rows, err := p.q.BookingsPaidToSettle(ctx, p.now().Add(-p.SettleAfter))
	if err != nil {
		if ctx.Err() == nil {
			p.log.Warn("payments: listing paid bookings failed", "err", err)
		}
		return
	}
	for _, b := range rows {
		if err := p.Settle(ctx, b.ID); err != nil && ctx.Err() == nil {
			p.log.Info("payments: settling a paid booking failed; it is tried again", "booking", b.ID, "err", err)
		}
	}
}

// expireDue ends bookings whose time to pay is over: the gateway is asked
// first (a payment whose news has not arrived is recorded, not expired),
// then the booking expires and a held seat is released.
func (p *Payments) expireDue(ctx context.Context) {
	rows, err := p.q.BookingsUnpaidDue(ctx)
	if err != nil {
		if ctx.Err() == nil {
			p.log.Warn("payments: listing unpaid bookings failed", "err", err)
		}
		return
	}
	for _, b := range rows {
		if b.PriceChangePending {
			// A new fare waits for the traveller's answer: it is not
			// expired here (the airline's hold limit still applies).
			continue
		}
		if _, err := p.askAboutOrders(ctx, b, "reconcile"); err != nil {
			continue // unsure: asked again next round
		}
		p.expire(ctx, b)
	}
}

// expire ends one unpaid booking and releases its seats.
func (p *Payments) expire(ctx context.Context, b queries.Booking) {
	var ended queries.Booking
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := p.q.WithTx(tx)
		var err error
		ended, err = q.BookingExpire(ctx, queries.BookingExpireParams{ID: b.ID, FromStatus: b.Status, Failure: failureExpired})
		if err != nil {
			return err
		}
		return q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: StatusExpired, Note: "not paid in time"})
	})
	if err != nil {
		if !errors.Is(err, pgx.ErrNoRows) && ctx.Err() == nil {
			p.log.Warn("payments: expiring a booking failed", "booking", b.ID, "err", err)
		}
		return
	}
	p.log.Info("booking expired unpaid", "booking", b.ID)
	if !b.IsLcc && b.SupplierBookingID != nil {
		if conn, ok := p.connectors.Current().Find(b.Supplier); ok {
			p.release(ctx, conn, ended)
		}
	}
}

// releasePNR asks the supplier to let a held GDS booking's seats go.
func releasePNR(ctx context.Context, port supplier.Port, conn *connector.Connector, b queries.Booking) error {
	r := supplier.ReleaseRequest{BookingID: *b.SupplierBookingID}
	r.Kept.Quote, r.Kept.Booked = b.Quote, b.LastResponse
	return port.Release(ctx, conn, r)
}

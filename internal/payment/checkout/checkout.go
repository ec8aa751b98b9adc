// Package checkout takes payments for what travellers buy: an order at the
// gateway for the amount the seller states (a Bill), the gateway's hosted
// checkout, the proof it returns (or its webhook, or a look at the gateway)
// recorded once, refunds asked for once and followed to their end. It knows
// nothing of fares or tickets: the seller (internal/flights) states what is
// owed, asks whether it is covered, and is told when an order is paid
// (Deps.OnPaid). Gateway-specific wire formats stay in the gateway adapters
// (internal/payment/razorpay).
package checkout

import (
	"context"
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
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// What travellers are told about payments (docs/payments.md).
const (
	msgAlreadyPaid   = "This booking is paid; your ticket is being issued."
	msgTooManyOrders = "Too many payment attempts on this booking. Please contact us."
)

// Service is the payment side of the product. Its background work (orders
// and refunds followed at the gateway, old webhook ids deleted) is jobs of
// the process's queue (jobs.go), each written with the change that calls
// for it, so nothing is lost to a restart.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	jobs      *jobs.Jobs
	gateways  payment.Registry
	settings  *payment.Settings
	metrics   *telemetry.PaymentMetrics
	log       *slog.Logger
	publicURL string
	now       func() time.Time
	onPaid    func(ctx context.Context, tx pgx.Tx, bookingID uuid.UUID, source string) error
	// onRefunded is Deps.OnRefunded.
	onRefunded func(ctx context.Context, tx pgx.Tx, r queries.Refund) error
	// MaxOrders bounds the orders one booking may open.
	MaxOrders int
}

// Deps are what the Service needs.
type Deps struct {
	DB *pgxpool.Pool
	// Jobs is the process's job queue (required): New registers the
	// payments' kinds on it, and orders and refunds write their jobs to it.
	Jobs     *jobs.Jobs
	Gateways payment.Registry
	// Settings is the gateway in force (required).
	Settings *payment.Settings
	Metrics  *telemetry.PaymentMetrics
	Log      *slog.Logger
	// PublicURL is the site's origin: the checkout returns there.
	PublicURL string
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// OnPaid is told that an order of a booking was just paid, and who
	// learnt it (source: the callback, a webhook, a look at the gateway,
	// a ticket request), inside the transaction that records it, so the
	// seller writes its own work (a job) with the payment or not at all:
	// an error rolls the record back, and the news is taken again (the
	// webhook redelivered, the order's job retried). It must not call out
	// of the process. A ticket request that found the payment goes on to
	// issue the ticket itself, but is told too: its process may die before
	// it does.
	OnPaid func(ctx context.Context, tx pgx.Tx, bookingID uuid.UUID, source string) error
	// OnRefunded is told that a refund ended (processed or failed: its
	// Status), inside the transaction that records it, once: the seller
	// writes its message to the traveller with it or not at all. It must
	// not call out of the process.
	OnRefunded func(ctx context.Context, tx pgx.Tx, r queries.Refund) error
}

// New returns the payment service, its job kinds registered on d.Jobs.
func New(d Deps) (*Service, error) {
	if d.DB == nil || d.Jobs == nil || d.Settings == nil || d.Metrics == nil || d.Log == nil {
		return nil, errors.New("checkout: DB, Jobs, Settings, Metrics and Log are required")
	}
	if _, ok := d.Gateways.For(d.Settings); !ok {
		return nil, fmt.Errorf("checkout: no adapter for gateway type %q", d.Settings.Type)
	}
	now, onPaid := d.Now, d.OnPaid
	if now == nil {
		now = time.Now
	}
	if onPaid == nil {
		onPaid = func(context.Context, pgx.Tx, uuid.UUID, string) error { return nil }
	}
	onRefunded := d.OnRefunded
	if onRefunded == nil {
		onRefunded = func(context.Context, pgx.Tx, queries.Refund) error { return nil }
	}
	s := &Service{pool: d.DB, q: queries.New(store.Reads{Pool: d.DB}), jobs: d.Jobs, gateways: d.Gateways, settings: d.Settings,
		metrics: d.Metrics, log: d.Log.With("component", "payments"), publicURL: strings.TrimRight(d.PublicURL, "/"),
		now: now, onPaid: onPaid, onRefunded: onRefunded, MaxOrders: 10}
	s.register(d.Jobs)
	return s, nil
}

// Gateway is the gateway's name (the {gateway} path segment).
func (s *Service) Gateway() string { return s.settings.Name }

// Window is how long a new booking waits for its payment.
func (s *Service) Window() time.Duration { return s.settings.Window() }

// gateway is the adapter of the configured gateway (checked by New).
func (s *Service) gateway() payment.Gateway {
	g, _ := s.gateways.For(s.settings)
	return g
}

// Paise is an amount in rupees as paise.
func Paise(d decimal.Decimal) int64 { return d.Shift(2).Round(0).IntPart() }

// Rupees is an amount in paise as rupees.
func Rupees(p int64) decimal.Decimal { return decimal.New(p, -2) }

// Bill is what a booking owes, as the seller states it.
type Bill struct {
	BookingID, UserID uuid.UUID
	// Amount is the whole amount due, in paise.
	Amount int64
	// Description is what the checkout page says is being paid for.
	Description string
	// Notes go with the order to the gateway (shown in its dashboard).
	Notes map[string]string
	// CancelPath is where the checkout's cancel link returns to.
	CancelPath string
}

// Payer prefills the checkout.
type Payer struct {
	Name, Email, Contact string
}

// Opened is an order to pay and the form that pays it.
type Opened struct {
	Payment  queries.Payment
	Checkout *payment.CheckoutForm
}

// Open opens (or reopens: a failed payment is retried on the same order)
// the order that pays what bill still owes, for the hosted checkout. The
// order is followed at the gateway by its job (orderWorker) until it is
// paid or no longer worth asking about; a reopened order whose job gave up
// gets a new one.
func (s *Service) Open(ctx context.Context, bill Bill, payer Payer) (Opened, error) {
	paid, err := s.q.PaymentPaidTotal(ctx, bill.BookingID)
	if err != nil {
		return Opened{}, err
	}
	amount := bill.Amount - paid
	if amount <= 0 {
		return Opened{}, apierr.Conflict("already_paid", msgAlreadyPaid)
	}
	gw := s.gateway()
	row, err := s.q.PaymentOpenForBooking(ctx, queries.PaymentOpenForBookingParams{BookingID: bill.BookingID, Gateway: s.settings.Name, Amount: amount})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		row, err = s.openOrder(ctx, gw, bill, amount)
	case err == nil:
		// Skipped while the order's job is open, which is almost always.
		_, err = s.jobs.Insert(ctx, orderJobOf(row), orderOpts())
	}
	if err != nil {
		return Opened{}, err
	}
	form, err := gw.Checkout(s.settings, payment.CheckoutRequest{
		OrderID: row.OrderID, Description: bill.Description,
		Name: payer.Name, Email: payer.Email, Contact: payer.Contact,
		CallbackURL: s.publicURL + "/api/v1/payments/" + s.settings.Name + "/callback",
		CancelURL:   s.publicURL + bill.CancelPath,
	})
	if err != nil {
		return Opened{}, s.gatewayError(err)
	}
	return Opened{Payment: row, Checkout: form}, nil
}

// openOrder asks the gateway for an order of amount paise and records it
// with the job that follows it.
func (s *Service) openOrder(ctx context.Context, gw payment.Gateway, bill Bill, amount int64) (queries.Payment, error) {
	n, err := s.q.PaymentCountForBooking(ctx, bill.BookingID)
	if err != nil {
		return queries.Payment{}, err
	}
	if int(n) >= s.MaxOrders {
		return queries.Payment{}, apierr.New(http.StatusTooManyRequests, "too_many_payments", msgTooManyOrders)
	}
	o, err := gw.CreateOrder(ctx, s.settings, payment.OrderRequest{Amount: amount, Currency: "INR", Receipt: bill.BookingID.String(),
		Notes: bill.Notes})
	if err != nil {
		return queries.Payment{}, s.gatewayError(err)
	}
	if o.Amount != amount {
		return queries.Payment{}, fmt.Errorf("checkout: the gateway made an order of %d paise for %d", o.Amount, amount)
	}
	var row queries.Payment
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		row, err = s.q.WithTx(tx).PaymentCreate(ctx, queries.PaymentCreateParams{BookingID: bill.BookingID, UserID: bill.UserID,
			Gateway: s.settings.Name, OrderID: o.ID, Amount: amount, Currency: "INR"})
		if err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, orderJobOf(row), orderOpts())
		return err
	})
	return row, err
}

// gatewayError is what a traveller is told when the gateway failed.
func (s *Service) gatewayError(err error) error {
	if e, ok := payment.AsError(err); ok {
		s.log.Warn("payment gateway call failed", "op", e.Op, "kind", e.Kind, "err", err)
		return apierr.New(http.StatusBadGateway, "payment_unavailable", "Payments are unavailable just now. Please try again in a minute.").WithCause(err)
	}
	return err
}

// Covered reports whether a booking's paid orders cover amount paise.
func (s *Service) Covered(ctx context.Context, bookingID uuid.UUID, amount int64) (bool, error) {
	paid, err := s.q.PaymentPaidTotal(ctx, bookingID)
	return paid >= amount && amount > 0, err
}

// Sources of a payment's news, for the metric and the booking's events.
const (
	// SourceTicket is a payment found by a ticket request, which goes on
	// to issue the ticket itself (OnPaid is told, for when it cannot).
	SourceTicket = "ticket"
	// SourceReconcile is a payment found by a look at the gateway.
	SourceReconcile = "reconcile"
	// SourceCallback is a payment the traveller's return from the
	// gateway's checkout brought.
	SourceCallback = "callback"
	// SourceWebhook is a payment the gateway's webhook announced.
	SourceWebhook = "webhook"
)

// Confirm asks the gateway about a booking's unpaid orders, recording what
// it finds as learnt from source: the traveller may have paid with the news
// still on its way (a late webhook, a lost callback). asked is whether the
// booking has any unpaid order; err joins the orders the gateway could not
// be asked about.
func (s *Service) Confirm(ctx context.Context, bookingID uuid.UUID, source string) (asked bool, err error) {
	orders, err := s.q.PaymentListByBooking(ctx, bookingID)
	if err != nil {
		return false, err
	}
	gw := s.gateway()
	var errs []error
	for _, o := range orders {
		if o.Status != trip.OrderPaid {
			asked = true
			_, err := s.checkOrder(ctx, gw, o, source)
			errs = append(errs, err)
		}
	}
	return asked, errors.Join(errs...)
}

// checkOrder asks the gateway about an unpaid order: a captured payment is
// recorded (its webhook may never come), a failed one noted. paid is
// whether the order is paid now, recorded by this call or before it.
func (s *Service) checkOrder(ctx context.Context, gw payment.Gateway, row queries.Payment, source string) (paid bool, err error) {
	list, err := gw.OrderPayments(ctx, s.settings, row.OrderID)
	if err != nil {
		return false, err
	}
	switch ev, x := orderOutcome(list, row.Amount); ev {
	case trip.Captured:
		_, err := s.markPaid(ctx, row, x, source)
		return err == nil, err
	case trip.AttemptFailed:
		return false, s.q.PaymentRecordFailure(ctx, queries.PaymentRecordFailureParams{ID: row.ID, Failure: failureText(x)})
	}
	return false, nil
}

// orderOutcome decides, without I/O, what the gateway's payments of an
// order of amount paise do to it: one captured for the whole amount pays it
// (trip.Captured); else a failed attempt is noted (trip.AttemptFailed, the
// first); else nothing happened yet (no event).
func orderOutcome(list []payment.Payment, amount int64) (trip.Event, payment.Payment) {
	for _, x := range list {
		if x.Settled() && x.Amount == amount {
			return trip.Captured, x
		}
	}
	for _, x := range list {
		if x.Status == payment.PaymentFailed {
			return trip.AttemptFailed, x
		}
	}
	return "", payment.Payment{}
}

// markPaid records that got paid the order of row, once, with an event on
// the booking, and tells the seller in the same transaction. first is false
// when it was recorded before (a repeated callback, a duplicate webhook).
func (s *Service) markPaid(ctx context.Context, row queries.Payment, got payment.Payment, source string) (first bool, err error) {
	if !got.Settled() || got.Amount != row.Amount {
		return false, fmt.Errorf("checkout: payment %s (%s, %d paise) does not pay order %s of %d paise", got.ID, got.Status, got.Amount, row.OrderID, row.Amount)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		first, err = recordPaid(ctx, s.q.WithTx(tx), row, got, source)
		if err != nil || !first {
			return err
		}
		return s.onPaid(ctx, tx, row.BookingID, source)
	})
	if err != nil || !first {
		return false, err
	}
	s.metrics.Payments.WithLabelValues(source).Inc()
	s.log.Info("payment received", "booking", row.BookingID, "order", row.OrderID, "payment", got.ID, "source", source)
	return true, nil
}

// recordPaid records, in q's transaction, that got paid the order of row,
// with an event on its booking, which it marks as just changed. first is
// false when the order was recorded as paid before.
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

func derefOr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

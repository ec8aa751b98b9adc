package flights

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/trip"
)

// What travellers are told about payments (docs/payments.md).
const (
	msgPaymentRequired = "Please pay for this booking before the ticket is issued."
	msgPayWindowOver   = "The time to pay for this booking is over. Please search again."
	msgAlreadyPaid     = "This booking is paid; your ticket is being issued."
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

// Checkout is what the booking machine needs of payments
// (internal/payment/checkout): what a booking has paid, orders to pay the
// rest, a look at the gateway for news on its way, and refunds.
type Checkout interface {
	// Window is how long a new booking waits for its payment.
	Window() time.Duration
	// Open opens (or reopens) the order that pays what bill still owes.
	Open(ctx context.Context, bill checkout.Bill, payer checkout.Payer) (checkout.Opened, error)
	// Covered reports whether a booking's paid orders cover amount paise.
	Covered(ctx context.Context, bookingID uuid.UUID, amount int64) (bool, error)
	// Confirm asks the gateway about a booking's unpaid orders, recording
	// what it finds; asked is whether there were any.
	Confirm(ctx context.Context, bookingID uuid.UUID, source string) (asked bool, err error)
	// RefundAll refunds every paid order of a booking not refunded yet.
	RefundAll(ctx context.Context, bookingID, userID uuid.UUID, reason, label string) error
	// RefundForCancellation writes, in tx, the refund of amount paise of a
	// booking for one of its cancellations (once per cancellation).
	RefundForCancellation(ctx context.Context, tx pgx.Tx, bookingID, userID, cancellationID uuid.UUID, amount int64, reason string) error
	// Ledger is a booking's orders and refunds.
	Ledger(ctx context.Context, bookingID uuid.UUID) (checkout.Ledger, error)
}

// Payments puts payment between the fare and the ticket, on the booking's
// side: a booking is paid before its ticket (Bookings.Ticket asks), a paid
// booking is ticketed off the request (a settle job, written when the
// order is recorded as paid), a ticket that fails after payment is
// refunded, and an unpaid booking expires (an expire job). The money
// itself is internal/payment/checkout's.
type Payments struct {
	pool       *pgxpool.Pool
	q          *queries.Queries
	bookings   *Bookings
	connectors *connector.Store
	checkout   Checkout
	log        *slog.Logger
}

// newPayments returns the booking side of payments over c.
func newPayments(pool *pgxpool.Pool, b *Bookings, connectors *connector.Store, c Checkout, log *slog.Logger) *Payments {
	return &Payments{pool: pool, q: queries.New(store.Reads{Pool: pool}), bookings: b, connectors: connectors, checkout: c,
		log: log.With("component", "payments")}
}

func (p *Payments) now() time.Time { return p.bookings.now() }

// due is what a booking costs in paise: its fare, or the new fare the
// airline asked at ticketing, and the extras bought with it (at their new
// price when the airline moved that).
func due(b queries.Booking) int64 {
	extras := checkout.Paise(b.ExtrasPrice)
	if b.PriceChangePending && b.NewExtrasPrice != nil {
		extras = checkout.Paise(*b.NewExtrasPrice)
	}
	if b.PriceChangePending && b.NewPrice != nil {
		return checkout.Paise(*b.NewPrice) + extras
	}
	if b.Price == nil {
		return extras
	}
	return checkout.Paise(*b.Price) + extras
}

// awaitingTicket reports whether b is where a payment leads to a ticket
// (trip.AwaitingTicket): a quoted low-cost fare or a held full-service one.
func awaitingTicket(b queries.Booking) bool {
	return trip.AwaitingTicket(b.Status, trip.FareOf(b.IsLcc))
}

// paid reports whether b is paid for, asking the gateway about its unpaid
// orders when the records say it is not (the news may be on its way: a
// late webhook, a lost callback): no ticket is issued unless it is.
func (p *Payments) paid(ctx context.Context, b queries.Booking) (bool, error) {
	ok, err := p.checkout.Covered(ctx, b.ID, due(b))
	if err != nil || ok {
		return ok, err
	}
	asked, err := p.checkout.Confirm(ctx, b.ID, checkout.SourceTicket)
	if err != nil {
		p.log.Info("ticket request: the gateway could not be asked about every order", "booking", b.ID, "err", err)
	}
	if !asked {
		return false, nil
	}
	return p.checkout.Covered(ctx, b.ID, due(b))
}

// Pay opens (or reopens: a failed payment is retried on the same order)
// the order that pays what b still owes, for the hosted checkout.
func (p *Payments) Pay(ctx context.Context, b queries.Booking, lead supplier.Passenger) (checkout.Opened, error) {
	if !awaitingTicket(b) {
		return checkout.Opened{}, apierr.Newf(http.StatusConflict, "not_payable", "This booking cannot be paid now (it is %s).", b.Status)
	}
	if b.PayBy != nil && !p.now().Before(*b.PayBy) && !b.PriceChangePending {
		return checkout.Opened{}, apierr.Conflict("payment_window_over", msgPayWindowOver)
	}
	return p.checkout.Open(ctx, checkout.Bill{BookingID: b.ID, UserID: b.UserID, Amount: due(b), Description: describe(b),
		Notes:      map[string]string{"booking": b.ID.String(), "route": b.Origin + "-" + b.Destination},
		CancelPath: "/flights/booking/" + b.ID.String() + "?payment=cancelled"},
		checkout.Payer{Name: strings.TrimSpace(lead.FirstName + " " + lead.LastName), Email: lead.Email, Contact: lead.ContactNo})
}

// describe is what the checkout page says is being paid for.
func describe(b queries.Booking) string {
	s := "Flight " + b.Origin + " → " + b.Destination
	if d, err := time.Parse("2006-01-02T15:04:05", b.Departure); err == nil {
		s += ", " + d.Format("2 Jan 2006")
	}
	return s
}

// OnPaid sets about a paid booking's next step off the request: it writes
// the booking's settle job in tx, the transaction that records the order
// as paid, so the ticket (or the refund of a booking that ended) follows
// however the news came and whatever happens to this process; the ticket
// call outlives the callback. Like every ticket it holds a lease, so a
// process that stops mid-call leaves it to the sweep and the reconciler.
//
// A ticket request that found the payment itself (checkout.SourceTicket)
// goes on to the ticket at once; its job waits settleBehindRequest, the net
// for a process that dies between recording the payment and starting the
// ticket (no lease is held yet then). By the time it runs, the request's
// ticket has started or ended, and Settle finds nothing left to do.
func (p *Payments) OnPaid(ctx context.Context, tx pgx.Tx, id uuid.UUID, source string) error {
	opts := settleOpts()
	if source == checkout.SourceTicket {
		opts.ScheduledAt = time.Now().Add(settleBehindRequest)
	}
	_, err := p.bookings.jobs.InsertTx(ctx, tx, settleJob{BookingID: id}, opts)
	return err
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
	if b.Status.Ended() {
		reason := b.Failure
		if b.Status == trip.Expired {
			reason = failurePaidLate
		}
		return p.refundAll(ctx, b, reason)
	}
	if !awaitingTicket(b) {
		return nil
	}
	if ok, err := p.checkout.Covered(ctx, b.ID, due(b)); err != nil || !ok {
		return err
	}
	conn, ok := p.connectors.Current().Find(b.Supplier)
	if !ok {
		return errNoSupplier(b)
	}
	out, err := p.bookings.Ticket(ctx, nil, conn, b, normaliseAgentRef(b.AgentReference, p.now()))
	if err != nil {
		return err
	}
	switch {
	case out.Kind == Refused:
		return p.end(ctx, out.Booking, trip.GiveUp, failureTicketRefunded)
	case out.Booking.Status == trip.Failed:
		// The reconciler settled the ticket as not issued.
		return p.refundAll(ctx, out.Booking, failureTicketRefunded)
	}
	return nil
}

func (p *Payments) refundAll(ctx context.Context, b queries.Booking, reason string) error {
	return p.checkout.RefundAll(ctx, b.ID, b.UserID, reason, string(b.Status))
}

// Cancel ends a booking the traveller will not pay for or declines at a
// new fare: a held seat is released and anything paid is refunded.
func (p *Payments) Cancel(ctx context.Context, b queries.Booking) (queries.Booking, error) {
	if !awaitingTicket(b) {
		return b, apierr.Newf(http.StatusConflict, "not_cancellable", "This booking cannot be cancelled here (it is %s).", b.Status)
	}
	if ok, err := p.checkout.Covered(ctx, b.ID, due(b)); err != nil {
		return b, err
	} else if ok && !b.PriceChangePending {
		return b, apierr.Conflict("already_paid", msgAlreadyPaid)
	}
	if err := p.end(ctx, b, trip.Cancel, failureCancelled); err != nil {
		return b, err
	}
	return p.q.BookingGetByID(ctx, b.ID)
}

// end closes a booking that will not be ticketed (ev: GiveUp or Cancel)
// with its reason, tells the traveller, writes the release of a held seat,
// and refunds what was paid.
func (p *Payments) end(ctx context.Context, b queries.Booking, ev trip.Event, reason string) error {
	to, err := trip.Next(b.Status, ev, trip.FareOf(b.IsLcc), "")
	if err != nil {
		return err
	}
	var ended queries.Booking
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := p.q.WithTx(tx)
		var err error
		ended, err = q.BookingEnd(ctx, queries.BookingEndParams{ID: b.ID, Status: to, Failure: reason, Reason: trip.ReasonOf(ev),
			FromStatuses: trip.Strings(trip.From(ev))})
		if err != nil {
			return err
		}
		if err := q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: to, Note: reason}); err != nil {
			return err
		}
		if err := p.bookings.announce(ctx, tx, ended, outbox.KindBookingFailed); err != nil {
			return err
		}
		if err := p.releaseLater(ctx, tx, ended); err != nil {
			return err
		}
		// The refund is asked for at once below; the settle job written
		// here asks again if this process stops first (a refund is made
		// once per order, whoever asks).
		return p.bookings.follow(ctx, tx, ended, time.Time{})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		// Someone else moved it: it is theirs to settle.
		return nil
	}
	if err != nil {
		return err
	}
	return p.refundAll(ctx, ended, reason)
}

// releaseLater writes, in tx, the job that releases the seats of b, a held
// full-service booking that ended unticketed.
func (p *Payments) releaseLater(ctx context.Context, tx pgx.Tx, b queries.Booking) error {
	if b.IsLcc || b.SupplierBookingID == nil {
		return nil
	}
	_, err := p.bookings.jobs.InsertTx(ctx, tx, releaseJob{BookingID: b.ID}, &river.InsertOpts{Queue: jobs.QueueSupplier,
		UniqueOpts: jobs.UniqueWhileOpen, MaxAttempts: releaseAttempts})
	return err
}

// release frees the seats of a GDS booking that ended unticketed (its
// release job). An error is retried by the job; past its attempts, the
// airline lets an unticketed hold lapse at its own time limit.
func (p *Payments) release(ctx context.Context, id uuid.UUID) error {
	b, err := p.q.BookingGetByID(ctx, id)
	if err != nil {
		return err
	}
	conn, ok := p.connectors.Current().Find(b.Supplier)
	if !ok {
		return errNoSupplier(b)
	}
	port, err := p.bookings.port(conn)
	if err == nil {
		err = releasePNR(ctx, port, conn, b)
	}
	note := "seats released at the supplier"
	if err != nil {
		note = "releasing the seats failed: " + err.Error()
	}
	if eerr := p.q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: b.Status, Note: note}); eerr != nil {
		p.log.Warn("recording a release failed", "booking", b.ID, "err", eerr)
	}
	return err
}

// expireDue ends booking id if its time to pay is over and it is unpaid
// (its expire job, due at its pay-by time): the gateway is asked first (a
// payment whose news has not arrived is recorded, not expired), then the
// booking expires and a held seat is released. A booking paid, moved on,
// or waiting on the traveller's answer to a new fare is left alone.
func (p *Payments) expireDue(ctx context.Context, id uuid.UUID) error {
	b, err := p.q.BookingGetByID(ctx, id)
	if err != nil {
		return err
	}
	if !awaitingTicket(b) || b.PayBy == nil || b.PriceChangePending {
		return nil
	}
	if left := b.PayBy.Sub(p.now()); left > 0 {
		return river.JobSnooze(left)
	}
	if paid, err := p.q.PaymentPaidTotal(ctx, b.ID); err != nil || paid > 0 {
		return err
	}
	if _, err := p.checkout.Confirm(ctx, b.ID, checkout.SourceReconcile); err != nil {
		return err // unsure: the job asks again
	}
	return p.expire(ctx, b)
}

// expire ends one unpaid booking and writes the release of its seats.
func (p *Payments) expire(ctx context.Context, b queries.Booking) error {
	to, err := trip.Next(b.Status, trip.Expire, trip.FareOf(b.IsLcc), "")
	if err != nil {
		p.log.Error("payments: an unpaid booking cannot expire from its status", "booking", b.ID, "err", err)
		return nil
	}
	var ended queries.Booking
	err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		q := p.q.WithTx(tx)
		var err error
		ended, err = q.BookingExpire(ctx, queries.BookingExpireParams{ID: b.ID, FromStatus: b.Status, Failure: failureExpired})
		if err != nil {
			return err
		}
		if err := q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: to, Note: "not paid in time"}); err != nil {
			return err
		}
		return p.releaseLater(ctx, tx, ended)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // paid or moved meanwhile
	}
	if err != nil {
		return err
	}
	p.log.Info("booking expired unpaid", "booking", b.ID)
	return nil
}

// releasePNR asks the supplier to let a held GDS booking's seats go.
func releasePNR(ctx context.Context, port supplier.Port, conn *connector.Connector, b queries.Booking) error {
	r := supplier.ReleaseRequest{BookingID: *b.SupplierBookingID}
	r.Kept.Quote, r.Kept.Booked = b.Quote, b.LastResponse
	return port.Release(ctx, conn, r)
}

package flights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Booking statuses (see migrations/0004_supplier.sql for the machine).
const (
	StatusQuoted    = "quoted"
	StatusBooking   = "booking"
	StatusBooked    = "booked"
	StatusTicketing = "ticketing"
	StatusTicketed  = "ticketed"
	StatusFailed    = "failed"
	StatusUnknown   = "unknown"
	// StatusExpired: not paid in time; a held seat was released.
	StatusExpired = "expired"
	// StatusCancelled: cancelled by the traveller before the ticket (a
	// moved fare declined); anything paid is refunded.
	StatusCancelled = "cancelled"
)

// What travellers are told (docs/flights-api.md).
const (
	msgBookingFailed       = "Booking failed."
	msgTicketingFailed     = "Ticketing failed from supplier side."
	msgTicketed            = "Ticket issued successfully."
	msgTicketNotIssued     = "The ticket was not issued. Please try ticketing again."
	msgBookingNotMade      = "The booking was not made. Please book again."
	msgLCCBookedAtTicket   = "Low-cost fares are booked when the ticket is issued."
	msgFareChangedAtBook   = "The fare has changed. Please review the new price and book again."
	msgFareChangedAtTicket = "The fare has changed. Press Retry Ticket to accept the new fare."
	msgConfirming          = "We did not hear back from the airline in time. We are confirming your booking and will update My Trips; please do not book again."
	msgResultTaken         = "This fare has just been booked by another traveller. Please search again for the latest fares."
	// failureFareChanged marks, in bookings.failure, an attempt that ended
	// because the fare moved.
	failureFareChanged = "fare changed"
	// failureNotReceived marks a lost call the supplier never received
	// (reconciled: it has no such booking past the give-up window).
	failureNotReceived = "The airline did not receive this request."
)

// Bookings runs the booking state machine over PostgreSQL and the supplier.
type Bookings struct {
	pool    *pgxpool.Pool
	q       *queries.Queries
	ports   supplier.Registry
	log     *slog.Logger
	metrics *telemetry.BookingMetrics
	// owner is this process's api_instances id: it holds the leases of the
	// supplier calls this process makes.
	owner string
	// mail writes travellers about their bookings (mail.go).
	mail Mail
	// payments, when set, must cover a booking before its ticket
	// (payments.go); NewPayments sets it.
	payments *Payments
	// InlineReconcile bounds how long a request that lost its answer spends
	// asking GetBookingDetails before leaving the rest to the reconciler.
	InlineReconcile time.Duration
	// GiveUpAfter is how long a booking must stay unknown, with the
	// supplier saying it has no such booking, before it is declared not made.
	GiveUpAfter time.Duration
	// LeaseMargin is added to a supplier call's deadline to make its lease:
	// time to record the answer after the call returns.
	LeaseMargin time.Duration
	// RecordFor is how long the answer of a supplier call is retried into
	// the database when the database is unavailable (a restart, a failover)
	// before the booking is left to the lease sweep.
	RecordFor time.Duration
}

// NewBookings returns the booking service. owner is this process's
// instance id (internal/instance), which must be kept alive while it runs.
func NewBookings(pool *pgxpool.Pool, suppliers supplier.Registry, log *slog.Logger, owner string, metrics *telemetry.BookingMetrics) *Bookings {
	return &Bookings{pool: pool, q: queries.New(store.Reads{Pool: pool}), ports: suppliers, log: log, metrics: metrics, owner: owner,
		InlineReconcile: 20 * time.Second, GiveUpAfter: 30 * time.Minute, LeaseMargin: 30 * time.Second, RecordFor: 30 * time.Second}
}

// port is the adapter of conn's type.
func (s *Bookings) port(conn *connector.Connector) (supplier.Port, error) {
	p, ok := s.ports.For(conn)
	if !ok {
		return nil, &noAdapter{conn}
	}
	return p, nil
}

// errBookingBusy is a booking another request is already moving.
func errBookingBusy(message string) *apierr.Error {
	return apierr.Conflict("booking_in_progress", message)
}

// startCall moves b into an in-flight status (booking or ticketing),
// compare-and-set, leased to this process for the operation's deadline plus
// LeaseMargin, and ties the request's idempotency key (if any) to it, in one
// transaction: from here on, a Book or Ticket may take effect at the
// supplier. ok is false when another request moved the booking first.
func (s *Bookings) startCall(ctx context.Context, conn *connector.Connector, b queries.Booking, to string, op connector.Operation, note string) (queries.Booking, bool, error) {
	lease := conn.Timeout(op) + s.LeaseMargin
	claim := keyClaimFrom(ctx)
	var out queries.Booking
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		var err error
		out, err = q.BookingStartCall(ctx, queries.BookingStartCallParams{ID: b.ID, FromStatus: b.Status, ToStatus: to,
			LeaseOwner: s.owner, LeaseSeconds: lease.Seconds()})
		if err != nil {
			return err
		}
		if claim != nil {
			if err := claim.link(ctx, q, b.ID); err != nil {
				return err
			}
		}
		return q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: to, Note: note + " by " + s.owner})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return b, false, nil
	}
	if err == nil && claim != nil {
		claim.linked = true
	}
	return out, err == nil, err
}

// record stores the outcome of a call and its event in one transaction,
// only if the booking is still in one of the from statuses (the status the
// call started from, or unknown if the lease sweep got there first). It
// retries for RecordFor while the database is unavailable: the supplier's
// answer must not be lost to a database restart. When another writer
// settled the booking first, record returns the booking as it now stands
// and raced is true.
func (s *Bookings) record(ctx context.Context, from queries.Booking, allowed []string, note string,
	apply func(q *queries.Queries, from []string) (queries.Booking, error)) (out queries.Booking, raced bool, err error) {
	ctx = context.WithoutCancel(ctx)
	deadline := time.Now().Add(s.RecordFor)
	wait := 100 * time.Millisecond
	for {
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			q := s.q.WithTx(tx)
			var err error
			if out, err = apply(q, allowed); err != nil {
				return err
			}
			if err := q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: from.ID, FromStatus: from.Status, ToStatus: out.Status, Note: note}); err != nil {
				return err
			}
			return s.announce(ctx, tx, out, mailKind(from, out))
		})
		if errors.Is(err, pgx.ErrNoRows) {
			now, gerr := s.q.BookingGetByID(ctx, from.ID)
			return now, true, gerr
		}
		if err == nil || !store.IsConnectionError(err) || time.Now().After(deadline) {
			return out, false, err
		}
		s.log.Warn("booking: database unavailable, retrying the record", "booking", from.ID, "err", err)
		s.pool.Reset() // the other pooled connections are likely gone too
		time.Sleep(wait)
		wait = min(wait*2, 2*time.Second)
	}
}

// create quotes the result afresh (the supplier requires FareQuote before
// Book and Ticket), checks the passengers against it (documentsFit) and
// records a quoted booking.
func (s *Bookings) create(ctx context.Context, userID uuid.UUID, conn *connector.Connector, tr supplier.ResultRef, pax []supplier.Passenger, agentRef string) (queries.Booking, *supplier.Quote, error) {
	port, err := s.port(conn)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	q, err := port.FareQuote(ctx, conn, tr)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	pax = slices.Clone(pax)
	if bad := documentsFit(q, pax); bad != nil {
		return queries.Booking{}, nil, bad
	}
	paxJSON, err := json.Marshal(pax)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	currency := q.Currency
	if currency == "" {
		currency = "INR"
	}
	price := q.Price
	var b queries.Booking
	// A shared search answer (internal/searchcache) gives other users the
	// same TraceId and result: one of them at a time may hold a booking on
	// it. The same user may book a result again (more travellers, or after
	// leaving an unpaid booking).
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		qtx := s.q.WithTx(tx)
		if err := qtx.BookingLockResult(ctx, queries.BookingLockResultParams{
			Supplier: conn.Name, TraceID: tr.TraceID, ResultIndex: tr.ResultIndex}); err != nil {
			return err
		}
		held, err := qtx.BookingResultHeldByOther(ctx, queries.BookingResultHeldByOtherParams{
			Supplier: conn.Name, TraceID: tr.TraceID, ResultIndex: tr.ResultIndex, UserID: userID})
		if err != nil {
			return err
		}
		if held {
			return apierr.Conflict("fare_taken", msgResultTaken)
		}
		b, err = qtx.BookingCreate(ctx, queries.BookingCreateParams{
			UserID: userID, Supplier: conn.Name, TraceID: tr.TraceID, ResultIndex: tr.ResultIndex, IsLcc: q.IsLCC,
			Currency: currency, Price: &price, Origin: q.Origin, Destination: q.Destination, Departure: q.Departure,
			Airline: q.Airline, Passengers: paxJSON, AgentReference: agentRef, Quote: q.Doc, PayBy: s.payBy(),
		})
		return err
	})
	return b, q, err
}

// payBy is when a booking made now expires unpaid (none without payments).
func (s *Bookings) payBy() *time.Time {
	if s.payments == nil {
		return nil
	}
	t := s.payments.now().Add(s.payments.Window())
	return &t
}

// Outcome is what a book or ticket request ends with.
type Outcome struct {
	Booking queries.Booking
	// Raw is the supplier document to hand to the web app.
	Raw json.RawMessage
	// Message explains a failure or a pending state to people.
	Message string
	// Failed is a definite failure; Pending an outcome still being found out.
	Failed, Pending, PriceChanged bool
	// NotIssued is a book or ticket request whose call never took effect
	// (its process died, or its answer was lost, and the supplier shows
	// nothing done): doing it again is safe.
	NotIssued bool
}

// Book books a GDS result for the user. LCC results are only recorded: the
// supplier books them at Ticket.
func (s *Bookings) Book(ctx context.Context, userID uuid.UUID, conn *connector.Connector, tr supplier.ResultRef, pax []supplier.Passenger) (Outcome, error) {
	b, quote, err := s.create(ctx, userID, conn, tr, pax, "")
	if err != nil {
		return Outcome{}, err
	}
	if b.IsLcc {
		return Outcome{Booking: b, Raw: quote.Doc, Message: msgLCCBookedAtTicket}, nil
	}
	port, err := s.port(conn)
	if err != nil {
		return Outcome{}, err
	}
	b, ok, err := s.startCall(ctx, conn, b, StatusBooking, connector.OpBook, "book sent")
	if err != nil || !ok {
		return Outcome{Booking: b}, errors.Join(err, errBookingBusy("This booking is already being processed."))
	}
	var passengers []supplier.Passenger
	_ = json.Unmarshal(b.Passengers, &passengers)
	res, err := port.Book(ctx, conn, supplier.BookRequest{ResultRef: supplier.ResultRef{TraceID: b.TraceID, ResultIndex: b.ResultIndex}, Passengers: passengers})
	return s.afterCall(ctx, conn, b, "book", res, err)
}

// afterCall records the outcome of Book or Ticket: success, a definite
// failure, or an unknown outcome, which is never retried but reconciled.
// The booking is recorded only from the status the call started in, or from
// unknown when the lease sweep got there first (the supplier's own answer
// settles it); if the reconciler settled it already, that stands.
func (s *Bookings) afterCall(ctx context.Context, conn *connector.Connector, b queries.Booking, step string, res *supplier.Booking, callErr error) (Outcome, error) {
	allowed := []string{b.Status, StatusUnknown}
	if e, ok := supplier.AsError(callErr); ok && e.OutcomeUnknown() {
		nb, raced, err := s.record(ctx, b, []string{b.Status}, step+" outcome unknown: "+string(e.Kind), func(q *queries.Queries, from []string) (queries.Booking, error) {
			return q.BookingMarkUnknown(ctx, queries.BookingMarkUnknownParams{ID: b.ID, UnknownStep: &step, Failure: e.Message, FromStatuses: from})
		})
		if err != nil {
			return s.unrecorded(b, err)
		}
		if raced && nb.Status != StatusUnknown {
			return outcomeOf(nb, step), nil
		}
		return s.reconcileInline(ctx, conn, nb)
	}
	settle := func(note string, apply func(q *queries.Queries, from []string) (queries.Booking, error), out Outcome) (Outcome, error) {
		nb, raced, err := s.record(ctx, b, allowed, note, apply)
		if err != nil {
			return s.unrecorded(b, err)
		}
		if raced {
			return outcomeOf(nb, step), nil
		}
		out.Booking = nb
		return out, nil
	}
	if step == "book" && res != nil && res.PriceChanged && res.BookingID == 0 {
		// The supplier holds nothing when the fare moved at Book: this
		// attempt ends, and booking again quotes and books the new fare.
		return settle("fare changed at book", func(q *queries.Queries, from []string) (queries.Booking, error) {
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: StatusFailed,
				Failure: failureFareChanged, LastResponse: res.Doc, FromStatuses: from})
		}, Outcome{Raw: res.Doc, PriceChanged: true, Message: msgFareChangedAtBook})
	}
	if callErr != nil {
		msg := msgBookingFailed
		if step == "ticket" {
			msg = msgTicketingFailed
		}
		var raw []byte
		if res != nil {
			raw = res.Doc
		}
		// A failed ticket leaves a GDS booking booked (it can be ticketed
		// again); anything else failed.
		to := StatusFailed
		if step == "ticket" && !b.IsLcc {
			to = StatusBooked
		}
		detail := callErr.Error()
		if e, ok := supplier.AsError(callErr); ok {
			detail = e.Message
		}
		return settle(step+" refused: "+callErr.Error(), func(q *queries.Queries, from []string) (queries.Booking, error) {
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: to, Failure: msg, LastResponse: raw, FromStatuses: from})
		}, Outcome{Raw: raw, Message: msg + " " + detail, Failed: true})
	}
	if step == "ticket" && res.PriceChanged {
		return settle("fare changed at ticketing", func(q *queries.Queries, from []string) (queries.Booking, error) {
			if res.Price.IsPositive() {
				// The traveller pays the difference to this fare first.
				newPrice := res.Price
				if err := q.BookingSetNewPrice(ctx, queries.BookingSetNewPriceParams{ID: b.ID, NewPrice: &newPrice}); err != nil {
					return queries.Booking{}, err
				}
			}
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: StatusBooked,
				Failure: failureFareChanged, LastResponse: res.Doc, PriceChangePending: true, FromStatuses: from})
		}, Outcome{Raw: res.Doc, PriceChanged: true, Message: msgFareChangedAtTicket})
	}
	to := StatusBooked
	if step == "ticket" {
		to = StatusTicketed
		if !res.Ticketed {
			st := StatusFailed
			if !b.IsLcc {
				st = StatusBooked
			}
			return settle("ticket status "+res.Status, func(q *queries.Queries, from []string) (queries.Booking, error) {
				return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: st,
					Failure: msgTicketingFailed, LastResponse: res.Doc, FromStatuses: from})
			}, Outcome{Raw: res.Doc, Message: msgTicketingFailed, Failed: true})
		}
	}
	pnr, id := res.PNR, res.BookingID
	if pnr == "" {
		pnr = derefOr(b.Pnr)
	}
	if id == 0 && b.SupplierBookingID != nil {
		id = *b.SupplierBookingID
	}
	return settle(step+" done", func(q *queries.Queries, from []string) (queries.Booking, error) {
		return q.BookingRecordBooked(ctx, queries.BookingRecordBookedParams{ID: b.ID, Status: to, Pnr: &pnr, SupplierBookingID: &id,
			LastResponse: res.Doc, FromStatuses: from})
	}, Outcome{Raw: res.Doc})
}

// unrecorded is the outcome of a call whose answer could not be written
// (the database stayed down past RecordFor): the booking stays in flight
// under this process's lease, which the sweep turns into unknown for the
// reconciler. The traveller is told it is being confirmed, never that it
// failed.
func (s *Bookings) unrecorded(b queries.Booking, err error) (Outcome, error) {
	s.log.Error("booking: could not record the supplier's answer; the lease sweep will reconcile it", "booking", b.ID, "err", err)
	return Outcome{Booking: b, Pending: true, Message: msgConfirming}, nil
}

// outcomeOf is what a request about a booking answers from the booking as
// it stands, when it did not see the supplier's answer itself: a replay
// whose first request died, or a call whose booking another writer settled.
func outcomeOf(b queries.Booking, step string) Outcome {
	out := Outcome{Booking: b, Raw: b.LastResponse}
	switch {
	case b.Status == StatusTicketed:
		if step == "ticket" {
			out.Message = msgTicketed
		}
	case b.Status == StatusBooked && step == "ticket" && b.PriceChangePending:
		out.PriceChanged, out.Message = true, msgFareChangedAtTicket
	case b.Status == StatusBooked && step == "ticket" && (b.Failure == "" || b.Failure == failureNotReceived):
		// Settled by the reconciler as not ticketed: the call died before
		// the supplier did anything.
		out.NotIssued, out.Message = true, msgTicketNotIssued
	case b.Status == StatusBooked && step == "ticket":
		out.Failed, out.Message = true, msgTicketingFailed
	case b.Status == StatusBooked:
	case b.Status == StatusQuoted && b.IsLcc && step == "book":
		out.Message = msgLCCBookedAtTicket
	case b.Status == StatusFailed && b.Failure == failureNotReceived && step == "ticket":
		out.NotIssued, out.Message = true, msgTicketNotIssued
	case b.Status == StatusFailed && b.Failure == failureNotReceived:
		out.NotIssued, out.Message = true, msgBookingNotMade
	case b.Status == StatusFailed && b.Failure == failureFareChanged:
		out.PriceChanged, out.Message = true, msgFareChangedAtBook
	case b.Status == StatusFailed && step == "ticket":
		out.Failed, out.Message = true, msgTicketingFailed
	case b.Status == StatusFailed:
		out.Failed, out.Message = true, msgBookingFailed
	default:
		// booking, ticketing, unknown (or quoted before its call started).
		out.Raw, out.Pending, out.Message = nil, true, msgConfirming
	}
	return out
}

func derefOr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// Ticket issues the tickets of the user's booking: the GDS path for a booked
// booking, the LCC path (which also books) for a quoted LCC one.
func (s *Bookings) Ticket(ctx context.Context, conn *connector.Connector, b queries.Booking, agentRef string) (Outcome, error) {
	from := b.Status
	switch {
	case b.Status == StatusTicketed:
		return Outcome{Booking: b, Raw: b.LastResponse, Message: msgTicketed}, nil
	case b.IsLcc && b.Status == StatusQuoted:
	case !b.IsLcc && b.Status == StatusBooked:
	case b.Status == StatusUnknown:
		return Outcome{Booking: b, Pending: true, Message: "We are still confirming this booking with the airline. Please check again shortly."}, nil
	default:
		return Outcome{Booking: b}, apierr.Newf(http.StatusConflict, "not_ticketable", "This booking cannot be ticketed now (it is %s).", b.Status)
	}
	if s.payments != nil {
		// No ticket without payment: the traveller pays the fare (or a
		// moved fare's difference) first.
		paid, err := s.payments.paidEnough(ctx, b)
		if err == nil && !paid {
			paid, err = s.payments.confirm(ctx, b)
		}
		if err != nil {
			return Outcome{Booking: b}, err
		}
		if !paid {
			return Outcome{Booking: b}, apierr.New(http.StatusPaymentRequired, "payment_required", msgPaymentRequired)
		}
	}
	port, err := s.port(conn)
	if err != nil {
		return Outcome{Booking: b}, err
	}
	b, ok, err := s.startCall(ctx, conn, b, StatusTicketing, connector.OpTicket, "ticket sent from "+from)
	if err == nil && !ok {
		// Another caller (a retry on another replica, the ticket started
		// by the payment) moved it first: answer from the booking as it
		// stands, "still confirming" while that call runs (not kept for a
		// repeat, which then sees the outcome).
		if now, gerr := s.q.BookingGetByID(ctx, b.ID); gerr == nil && (now.Status == StatusTicketing || now.Status == StatusUnknown || now.Status == StatusTicketed) {
			return outcomeOf(now, "ticket"), nil
		}
	}
	if err != nil || !ok {
		return Outcome{Booking: b}, errors.Join(err, errBookingBusy("This booking is already being ticketed."))
	}
	req := supplier.TicketRequest{ResultRef: supplier.ResultRef{TraceID: b.TraceID}}
	_ = json.Unmarshal(b.Passengers, &req.Passengers)
	if b.IsLcc {
		req.ResultIndex, req.AgentReference = b.ResultIndex, agentRef
	} else {
		req.PNR, req.AcceptPriceChange = derefOr(b.Pnr), b.PriceChangePending
		req.Kept.Quote, req.Kept.Booked = b.Quote, b.LastResponse
		if b.SupplierBookingID != nil {
			req.BookingID = *b.SupplierBookingID
		}
	}
	res, err := port.Ticket(ctx, conn, req)
	return s.afterCall(ctx, conn, b, "ticket", res, err)
}

// reconcileInline asks GetBookingDetails a few times, within
// InlineReconcile, so most lost answers resolve within the request; what is
// still unknown is left to the background reconciler.
func (s *Bookings) reconcileInline(ctx context.Context, conn *connector.Connector, b queries.Booking) (Outcome, error) {
	ctx, cancel := context.WithTimeout(ctx, s.InlineReconcile)
	defer cancel()
	wait := time.Second
	for {
		out, done, err := s.reconcileOnce(ctx, conn, b)
		if err == nil && done {
			return out, nil
		}
		select {
		case <-ctx.Done():
			return Outcome{Booking: b, Pending: true, Message: msgConfirming}, nil
		case <-time.After(wait):
			wait *= 2
		}
	}
}

// reconcileOnce asks the supplier for the real state of an unknown booking
// and records it. done is false while the state is still unknown. Only the
// supplier saying it has no such booking, GiveUpAfter or longer after the
// call, settles a booking as not made; timeouts, HTTP failures and other
// errors prove nothing and leave it unknown.
func (s *Bookings) reconcileOnce(ctx context.Context, conn *connector.Connector, b queries.Booking) (Outcome, bool, error) {
	step := derefOr(b.UnknownStep)
	port, err := s.port(conn)
	if err != nil {
		return Outcome{}, false, err
	}
	req := supplier.DetailsRequest{TraceID: b.TraceID}
	if b.SupplierBookingID != nil {
		req = supplier.DetailsRequest{BookingID: *b.SupplierBookingID, PNR: derefOr(b.Pnr)}
	}
	d, err := port.BookingDetails(ctx, conn, req)
	if err != nil {
		if !supplier.IsNoSuchBooking(err) {
			s.metrics.Reconciled.WithLabelValues("supplier_unavailable").Inc()
			return Outcome{}, false, err
		}
		if b.UnknownSince == nil || time.Since(*b.UnknownSince) < s.GiveUpAfter {
			s.metrics.Reconciled.WithLabelValues("not_found_yet").Inc()
			return Outcome{}, false, err
		}
		// The supplier still has no such booking long after the call: the
		// request never took effect.
		to := StatusFailed
		if step == "ticket" && !b.IsLcc {
			to = StatusBooked
		}
		out, raced, rerr := s.record(ctx, b, []string{StatusUnknown}, "reconciled: the supplier has no such booking", func(q *queries.Queries, from []string) (queries.Booking, error) {
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: to,
				Failure: failureNotReceived, Reconciled: true, FromStatuses: from})
		})
		if rerr != nil {
			return Outcome{}, false, rerr
		}
		if !raced {
			s.metrics.Reconciled.WithLabelValues("failed").Inc()
		}
		return outcomeOf(out, step), true, nil
	}
	to := StatusBooked
	if d.Ticketed() {
		to = StatusTicketed
	}
	pnr, id, raw := d.PNR, d.BookingID, d.AsBooking
	out, raced, err := s.record(ctx, b, []string{StatusUnknown}, "reconciled from booking details", func(q *queries.Queries, from []string) (queries.Booking, error) {
		return q.BookingRecordBooked(ctx, queries.BookingRecordBookedParams{ID: b.ID, Status: to, Pnr: &pnr,
			SupplierBookingID: &id, LastResponse: raw, Reconciled: true, FromStatuses: from})
	})
	if err != nil {
		return Outcome{}, false, err
	}
	if !raced {
		s.metrics.Reconciled.WithLabelValues(to).Inc()
	}
	return outcomeOf(out, step), true, nil
}

// Intervals of the background work every replica runs (Maintain).
const (
	reconcileEvery = 5 * time.Second
	sweepEvery     = 2 * time.Second
	statsEvery     = 15 * time.Second
	cleanupEvery   = 10 * time.Minute
	// KeyLifetime is how long idempotency keys are kept: a repeat within
	// it gets the first answer; after it, the key may be used afresh.
	KeyLifetime = 24 * time.Hour
)

// Maintain runs the background work of the booking machine until ctx ends;
// every replica runs it, and the database keeps them apart:
//   - the reconciler settles unknown bookings from the supplier;
//   - the sweep moves in-flight bookings whose process died or overran its
//     lease to unknown, for the reconciler;
//   - the gauges of bookings by status are refreshed;
//   - idempotency keys older than KeyLifetime and long-dead instances are
//     deleted.
//
// It picks up after restarts: the work lists are the tables.
func (s *Bookings) Maintain(ctx context.Context, connectors *connector.Store) {
	go s.Reconcile(ctx, connectors, reconcileEvery)
	sweep, stats, cleanup := time.NewTicker(sweepEvery), time.NewTicker(statsEvery), time.NewTicker(cleanupEvery)
	defer sweep.Stop()
	defer stats.Stop()
	defer cleanup.Stop()
	s.RefreshStats(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-sweep.C:
			s.Sweep(ctx)
		case <-stats.C:
			s.RefreshStats(ctx)
		case <-cleanup.C:
			s.Cleanup(ctx)
		}
	}
}

// Sweep moves in-flight bookings whose lease ran out or whose holder died
// to unknown; it returns how many it moved.
func (s *Bookings) Sweep(ctx context.Context) int {
	rows, err := s.q.BookingSweepLeases(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("booking lease sweep failed", "err", err)
		}
		return 0
	}
	for _, r := range rows {
		s.metrics.LeasesSwept.WithLabelValues(r.FromStatus).Inc()
		s.log.Warn("booking lease swept: its process stopped or overran; the reconciler will settle it",
			"booking", r.ID, "from_status", r.FromStatus, "holder", r.LeaseOwner)
	}
	return len(rows)
}

// RefreshStats reads the booking gauges from the database.
func (s *Bookings) RefreshStats(ctx context.Context) {
	counts, err := s.q.BookingCountByStatus(ctx)
	if err != nil {
		return
	}
	byStatus := map[string]float64{}
	for _, st := range []string{StatusQuoted, StatusBooking, StatusBooked, StatusTicketing, StatusTicketed, StatusFailed, StatusUnknown, StatusExpired, StatusCancelled} {
		byStatus[st] = 0
	}
	for _, c := range counts {
		byStatus[c.Status] = float64(c.Bookings)
	}
	for st, n := range byStatus {
		s.metrics.ByStatus.WithLabelValues(st).Set(n)
	}
	if age, err := s.q.BookingOldestUnknownAge(ctx); err == nil {
		s.metrics.OldestUnknown.Set(age)
	}
}

// Cleanup deletes idempotency keys older than KeyLifetime and forgets
// processes long dead.
func (s *Bookings) Cleanup(ctx context.Context) {
	if n, err := s.q.IdempotencyDeleteExpired(ctx, time.Now().Add(-KeyLifetime)); err != nil {
		s.log.Warn("deleting expired idempotency keys failed", "err", err)
	} else if n > 0 {
		s.log.Info("expired idempotency keys deleted", "keys", n)
	}
	if _, err := instance.Forget(ctx, s.q); err != nil {
		s.log.Warn("forgetting dead api instances failed", "err", err)
	}
}

// Reconcile runs the reconciler until ctx ends: it claims one due unknown
// booking at a time (SKIP LOCKED keeps replicas apart), backing off per
// booking.
func (s *Bookings) Reconcile(ctx context.Context, connectors *connector.Store, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		for s.ReconcileNext(ctx, connectors) {
			if ctx.Err() != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ReconcileNext handles one due unknown booking; it reports whether it
// found one.
func (s *Bookings) ReconcileNext(ctx context.Context, connectors *connector.Store) bool {
	var b queries.Booking
	found := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		b, err = s.q.WithTx(tx).BookingClaimForReconcile(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		// Postpone first, so a crash mid-call does not retry at once.
		next := time.Now().Add(time.Duration(1<<min(b.ReconcileAttempts, 8)) * 5 * time.Second)
		return s.q.WithTx(tx).BookingPostponeReconcile(ctx, queries.BookingPostponeReconcileParams{ID: b.ID, NextReconcileAt: &next})
	})
	if err != nil || !found {
		if err != nil && ctx.Err() == nil {
			s.log.Warn("reconciler: claim failed", "err", err)
		}
		return false
	}
	conn, ok := connectors.Current().Find(b.Supplier)
	if !ok {
		s.log.Warn("reconciler: booking's supplier is no longer configured", "booking", b.ID, "supplier", b.Supplier)
		return true
	}
	_, done, err := s.reconcileOnce(ctx, conn, b)
	switch {
	case err != nil:
		s.log.Info("reconciler: booking still unknown", "booking", b.ID, "attempts", b.ReconcileAttempts+1, "err", err)
	case done:
		s.log.Info("reconciler: booking resolved", "booking", b.ID)
	}
	if !done && b.UnknownSince != nil && time.Since(*b.UnknownSince) >= PendingMailAfter {
		s.mailPending(ctx, b)
	}
	return true
}

// mailPending tells the traveller of a booking still unknown after
// PendingMailAfter that it is being confirmed (once: bookings.mailed).
func (s *Bookings) mailPending(ctx context.Context, b queries.Booking) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		now, err := s.q.WithTx(tx).BookingGetByID(ctx, b.ID)
		if err != nil || now.Status != StatusUnknown {
			return err
		}
		return s.announce(ctx, tx, now, outbox.KindBookingPending)
	})
	if err != nil && ctx.Err() == nil {
		s.log.Warn("reconciler: could not write the booking-pending e-mail", "booking", b.ID, "err", err)
	}
}

// normaliseAgentRef keeps a 'PT-' reference from the web app, else makes one.
func normaliseAgentRef(s string, now time.Time) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "PT-") && len(s) <= 40 {
		return s
	}
	return fmt.Sprintf("PT-%d", now.UnixMilli())
}

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
	"github.com/riverqueue/river"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/trip"
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
	// msgExtrasChangedAtTicket: the airline moved the price of the seats,
	// meals or baggage chosen, not the fare's.
	msgExtrasChangedAtTicket = "The airline has changed the price of the seats, meals or baggage chosen. Press Retry Ticket to accept the new price."
	msgConfirming            = "We did not hear back from the airline in time. We are confirming your booking and will update My Trips; please do not book again."
	msgResultTaken           = "This fare has just been booked by another traveller. Please search again for the latest fares."
	// failureFareChanged and failureNotReceived are what bookings.failure
	// says of an attempt that ended because the fare moved, and of a lost
	// call the supplier never received (reconciled: it has no such booking
	// past the give-up window); bookings.reason is what decides.
	failureFareChanged = "fare changed"
	failureNotReceived = "The airline did not receive this request."
)

// Bookings runs the booking state machine (its statuses and moves are
// internal/trip's table) over PostgreSQL and the supplier.
type Bookings struct {
	pool    *pgxpool.Pool
	q       *queries.Queries
	ports   supplier.Registry
	log     *slog.Logger
	metrics *telemetry.BookingMetrics
	// owner is this process's api_instances id: it holds the leases of the
	// supplier calls this process makes.
	owner string
	// now is the clock every decision reads (tests move it).
	now func() time.Time
	// mail writes travellers about their bookings (mail.go).
	mail Mail
	// payments must cover a booking before its ticket (payments.go).
	payments *Payments
	// jobs takes the background work (jobs.go); connectors name each
	// booking's supplier for it.
	jobs       *jobs.Jobs
	connectors *connector.Store
	// InlineReconcile bounds how long a request that lost its answer spends
	// asking GetBookingDetails before leaving the rest to the reconciler.
	InlineReconcile time.Duration
	// GiveUpAfter is how long a booking must stay unknown, with the
	// supplier saying it has no such booking, before it is declared not made.
	GiveUpAfter time.Duration
	// LeaseMargin is added to a supplier call's deadline to make its lease:
	// time to record the answer after the call returns.
	LeaseMargin time.Duration
	// CancellationFee is our fee per cancelled ticket, kept from its refund
	// (zero: none).
	CancellationFee decimal.Decimal
	// Seller issues the tax invoices (none without a GSTIN).
	Seller config.Seller
	// RecordFor is how long the answer of a supplier call is retried into
	// the database when the database is unavailable (a restart, a failover)
	// before the booking is left to the lease sweep.
	RecordFor time.Duration
}

// BookingsDeps are what the booking service needs.
type BookingsDeps struct {
	DB *pgxpool.Pool
	// Jobs runs the booking machine's background work (jobs.go).
	Jobs      *jobs.Jobs
	Suppliers supplier.Registry
	// Connectors name the supplier of each booking for the work done off
	// its request (the ticket after a payment, releasing seats).
	Connectors *connector.Store
	// Checkout takes the payments: no ticket is issued unless it says the
	// booking is paid. Required.
	Checkout Checkout
	Log      *slog.Logger
	Metrics  *telemetry.BookingMetrics
	// Owner is this process's instance id (internal/instance), which must
	// be kept alive while it runs: it holds the supplier calls' leases.
	Owner string
	// Mail writes travellers about their bookings; without templates no
	// booking mail is written.
	Mail Mail
	// Now is the clock every decision reads (time.Now when nil).
	Now func() time.Time
}

// NewBookings returns the booking service and, with it, the booking side
// of its payments (Payments): a booking service without payments cannot
// be made, so no ticket is issued unpaid.
func NewBookings(d BookingsDeps) (*Bookings, error) {
	if d.DB == nil || d.Jobs == nil || d.Checkout == nil || d.Connectors == nil || d.Log == nil || d.Metrics == nil || d.Owner == "" {
		return nil, errors.New("flights: DB, Jobs, Checkout, Connectors, Log, Metrics and Owner are required")
	}
	now := d.Now
	if now == nil {
		now = time.Now
	}
	s := &Bookings{pool: d.DB, q: queries.New(store.Reads{Pool: d.DB}), ports: d.Suppliers, log: d.Log, metrics: d.Metrics,
		owner: d.Owner, now: now, mail: d.Mail, jobs: d.Jobs, connectors: d.Connectors,
		InlineReconcile: 20 * time.Second, GiveUpAfter: 30 * time.Minute, LeaseMargin: 30 * time.Second, RecordFor: 30 * time.Second}
	s.payments = newPayments(d.DB, s, d.Connectors, d.Checkout, d.Log)
	s.register(d.Jobs)
	return s, nil
}

// Payments is the booking side of payments: tickets after payment,
// refunds of ended bookings, expiry of unpaid ones.
func (s *Bookings) Payments() *Payments { return s.payments }

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
func (s *Bookings) startCall(ctx context.Context, claim *keyClaim, conn *connector.Connector, b queries.Booking, ev trip.Event, op connector.Operation, note string) (queries.Booking, bool, error) {
	to, err := trip.Next(b.Status, ev, trip.FareOf(b.IsLcc), "")
	if err != nil {
		return b, false, err
	}
	lease := conn.Timeout(op) + s.LeaseMargin
	var out queries.Booking
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
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
	deadline := s.now().Add(s.RecordFor)
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
			if err := s.announce(ctx, tx, out, mailKind(from, out)); err != nil {
				return err
			}
			// A request that lost its answer asks inline first
			// (reconcileInline); the job takes over after that.
			return s.follow(ctx, tx, out, time.Now().Add(s.InlineReconcile))
		})
		if errors.Is(err, pgx.ErrNoRows) {
			now, gerr := s.q.BookingGetByID(ctx, from.ID)
			return now, true, gerr
		}
		if err == nil || !store.IsConnectionError(err) || s.now().After(deadline) {
			return out, false, err
		}
		s.log.Warn("booking: database unavailable, retrying the record", "booking", from.ID, "err", err)
		s.pool.Reset() // the other pooled connections are likely gone too
		time.Sleep(wait)
		wait = min(wait*2, 2*time.Second)
	}
}

// create quotes the result afresh (the supplier requires FareQuote before
// Book and Ticket), checks the passengers against it (documentsFit), prices
// the extras chosen (withExtras) and records a quoted booking.
func (s *Bookings) create(ctx context.Context, userID uuid.UUID, conn *connector.Connector, tr supplier.ResultRef, pax []supplier.Passenger, choices []supplier.Choice, agentRef string) (queries.Booking, *supplier.Quote, error) {
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
	lines, extrasPrice, err := s.withExtras(ctx, port, conn, tr, q, pax, choices)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	paxJSON, err := json.Marshal(pax)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	linesJSON, err := json.Marshal(lines)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	if choices == nil {
		choices = []supplier.Choice{}
	}
	choiceJSON, err := json.Marshal(choices)
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
			Extras: linesJSON, ExtrasPrice: extrasPrice, ExtrasChoice: choiceJSON,
		})
		if err != nil {
			return err
		}
		// Expired at its pay-by time unless paid by then.
		_, err = s.jobs.InsertTx(ctx, tx, expireJob{BookingID: b.ID}, &river.InsertOpts{Queue: jobs.QueuePayments,
			UniqueOpts: jobs.UniqueWhileOpen, MaxAttempts: jobAttempts, ScheduledAt: *b.PayBy})
		return err
	})
	return b, q, err
}

// withExtras puts the extras chosen on the passengers (in place) and returns
// their lines and price, priced from the supplier's answer asked now. A
// low-cost fare asks even when nothing is chosen: the airline wants a
// "nothing" item per flight, and grants the baggage an international fare
// includes only when it is sent back. Without a choice, a failed answer
// costs the traveller nothing but those: the booking goes on without items.
func (s *Bookings) withExtras(ctx context.Context, port supplier.Port, conn *connector.Connector, tr supplier.ResultRef, q *supplier.Quote, pax []supplier.Passenger, choices []supplier.Choice) ([]ExtraLine, decimal.Decimal, error) {
	chosen := hasChoice(choices)
	if !chosen && !q.IsLCC {
		return []ExtraLine{}, decimal.Zero, nil
	}
	x, err := port.SSR(ctx, conn, tr)
	if err != nil {
		if chosen {
			return nil, decimal.Zero, supplierError(err, msgExtrasFailed)
		}
		s.log.Warn("booking: no extras answer; booking without items", "supplier", conn.Name, "trace", tr.TraceID, "err", err)
		return []ExtraLine{}, decimal.Zero, nil
	}
	return extrasOf(x, pax, choices)
}

// repriceExtras prices a low-cost booking's extras, whose price the airline
// moved at ticketing, again from the supplier's answer asked now and the
// choice the traveller made. At the price the traveller accepted (paid for:
// bookings.new_extras_price), the items go on the passengers for the ticket
// to send; at another (moved again), only the new price is kept (moved),
// for the traveller to accept first.
func (s *Bookings) repriceExtras(ctx context.Context, port supplier.Port, conn *connector.Connector, b queries.Booking) (queries.Booking, bool, error) {
	var pax []supplier.Passenger
	var choices []supplier.Choice
	if err := errors.Join(json.Unmarshal(b.Passengers, &pax), json.Unmarshal(b.ExtrasChoice, &choices)); err != nil {
		return b, false, fmt.Errorf("booking %s: stored passengers or extras: %w", b.ID, err)
	}
	x, err := port.SSR(ctx, conn, supplier.ResultRef{TraceID: b.TraceID, ResultIndex: b.ResultIndex})
	if err != nil {
		return b, false, supplierError(err, msgExtrasRepriceFailed)
	}
	lines, price, err := extrasOf(x, pax, choices)
	if err != nil {
		// A seat sold to someone else since: the ticket cannot carry the
		// choice the traveller paid for.
		return b, false, apierr.Conflict("extras_unavailable", msgExtrasGone)
	}
	if !price.Equal(*b.NewExtrasPrice) {
		err := s.q.BookingSetNewPrice(ctx, queries.BookingSetNewPriceParams{ID: b.ID, NewPrice: b.NewPrice, NewExtrasPrice: &price})
		if err != nil {
			return b, false, err
		}
		b.NewExtrasPrice = &price
		return b, true, nil
	}
	paxJSON, err := json.Marshal(pax)
	if err != nil {
		return b, false, err
	}
	linesJSON, err := json.Marshal(lines)
	if err != nil {
		return b, false, err
	}
	out, err := s.q.BookingRepriceExtras(ctx, queries.BookingRepriceExtrasParams{ID: b.ID, Status: b.Status, Passengers: paxJSON,
		Extras: linesJSON, NewExtrasPrice: &price})
	if errors.Is(err, pgx.ErrNoRows) {
		return b, false, errBookingBusy("This booking is already being ticketed.")
	}
	return out, false, err
}

// payBy is when a booking made now expires unpaid.
func (s *Bookings) payBy() *time.Time {
	t := s.now().Add(s.payments.checkout.Window())
	return &t
}

// Outcome is what a book or ticket request ends with.
type Outcome struct {
	Booking queries.Booking
	// Raw is the supplier document to hand to the web app.
	Raw json.RawMessage
	// Message explains a failure or a pending state to people.
	Message string
	// Kind is how it ended; it alone chooses the HTTP answer.
	Kind OutcomeKind
}

// Book books a GDS result for the user. LCC results are only recorded: the
// supplier books them at Ticket.
// claim is the request's idempotency key, tied to the booking when its call
// starts (nil without one).
func (s *Bookings) Book(ctx context.Context, claim *keyClaim, userID uuid.UUID, conn *connector.Connector, tr supplier.ResultRef, pax []supplier.Passenger, choices []supplier.Choice) (Outcome, error) {
	b, quote, err := s.create(ctx, userID, conn, tr, pax, choices, "")
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
	b, ok, err := s.startCall(ctx, claim, conn, b, trip.SendBook, connector.OpBook, "book sent")
	if err != nil || !ok {
		return Outcome{Booking: b}, errors.Join(err, errBookingBusy("This booking is already being processed."))
	}
	var passengers []supplier.Passenger
	_ = json.Unmarshal(b.Passengers, &passengers)
	res, err := port.Book(ctx, conn, supplier.BookRequest{ResultRef: supplier.ResultRef{TraceID: b.TraceID, ResultIndex: b.ResultIndex}, Passengers: passengers})
	return s.afterCall(ctx, conn, b, trip.StepBook, res, err)
}

// afterCall records the outcome of Book or Ticket as decideCall decides it:
// success, a definite failure, or an unknown outcome, which is never
// retried but reconciled. The booking is recorded only from the status the
// call started in, or from unknown when the lease sweep got there first
// (the supplier's own answer settles it); if the reconciler settled it
// already, that stands.
func (s *Bookings) afterCall(ctx context.Context, conn *connector.Connector, b queries.Booking, step trip.Step, res *supplier.Booking, callErr error) (Outcome, error) {
	d, err := decideCall(b, step, res, callErr)
	if err != nil {
		// A move the table does not list: a bug, never guessed at. The
		// lease sweep and the reconciler take the booking from here.
		return s.unrecorded(b, err)
	}
	nb, raced, err := s.apply(ctx, b, step, d)
	if err != nil {
		return s.unrecorded(b, err)
	}
	if raced && (d.Event != trip.LoseOutcome || nb.Status != trip.Unknown) {
		// Another writer settled it first: that stands.
		return outcomeOf(nb, step), nil
	}
	if d.Event == trip.LoseOutcome {
		return s.reconcileInline(ctx, conn, nb)
	}
	out := d.Outcome
	out.Booking = nb
	return out, nil
}

// apply records decision d about b (as it stood when its call started), in
// one transaction with its event and e-mail, compare-and-set on the
// statuses the transition table allows d from.
func (s *Bookings) apply(ctx context.Context, b queries.Booking, step trip.Step, d decision) (queries.Booking, bool, error) {
	return s.record(ctx, b, d.from(b, step), d.Note, func(q *queries.Queries, from []string) (queries.Booking, error) {
		switch d.Event {
		case trip.LoseOutcome:
			return q.BookingMarkUnknown(ctx, queries.BookingMarkUnknownParams{ID: b.ID, UnknownStep: &step, Failure: d.Failure,
				Now: s.now(), FromStatuses: from})
		case trip.Hold, trip.Issue:
			return q.BookingRecordBooked(ctx, queries.BookingRecordBookedParams{ID: b.ID, Status: d.To, Pnr: &d.PNR,
				SupplierBookingID: &d.BookingID, LastResponse: d.Raw, Reconciled: d.Reconciled, FromStatuses: from})
		}
		if d.NewPrice != nil || d.NewExtrasPrice != nil {
			if err := q.BookingSetNewPrice(ctx, queries.BookingSetNewPriceParams{ID: b.ID, NewPrice: d.NewPrice,
				NewExtrasPrice: d.NewExtrasPrice}); err != nil {
				return queries.Booking{}, err
			}
		}
		return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: d.To, Failure: d.Failure,
			Reason: trip.ReasonOf(d.Event), LastResponse: d.Raw, PriceChangePending: d.PriceChangePending, Reconciled: d.Reconciled, FromStatuses: from})
	})
}

// unrecorded is the outcome of a call whose answer could not be written
// (the database stayed down past RecordFor): the booking stays in flight
// under this process's lease, which the sweep turns into unknown for the
// reconciler. The traveller is told it is being confirmed, never that it
// failed.
func (s *Bookings) unrecorded(b queries.Booking, err error) (Outcome, error) {
	s.log.Error("booking: could not record the supplier's answer; the lease sweep will reconcile it", "booking", b.ID, "err", err)
	return Outcome{Booking: b, Kind: Pending, Message: msgConfirming}, nil
}

// outcomeOf is what a request about a booking answers from the booking as
// it stands, when it did not see the supplier's answer itself: a replay
// whose first request died, or a call whose booking another writer settled.
func outcomeOf(b queries.Booking, step trip.Step) Outcome {
	out := Outcome{Booking: b, Raw: b.LastResponse}
	ticket := step == trip.StepTicket
	switch {
	case b.Status == trip.Ticketed:
		if ticket {
			out.Message = msgTicketed
		}
	case b.PriceChangePending && ticket && b.NewExtrasPrice != nil && onlyExtrasMoved(b.Price, b.NewPrice):
		out.Kind, out.Message = FareMoved, msgExtrasChangedAtTicket
	case b.Status == trip.Booked && ticket && b.PriceChangePending:
		out.Kind, out.Message = FareMoved, msgFareChangedAtTicket
	case b.Status == trip.Booked && ticket && (b.Reason == trip.ReasonNone || b.Reason == trip.ReasonNotReceived):
		// Settled by the reconciler as not ticketed: the call died before
		// the supplier did anything.
		out.Kind, out.Message = NotIssued, msgTicketNotIssued
	case b.Status == trip.Booked && ticket:
		out.Kind, out.Message = Refused, msgTicketingFailed
	case b.Status == trip.Booked:
	case b.Status == trip.Quoted && b.IsLcc && step == trip.StepBook:
		out.Message = msgLCCBookedAtTicket
	case b.Status == trip.Failed && b.Reason == trip.ReasonNotReceived && ticket:
		out.Kind, out.Message = NotIssued, msgTicketNotIssued
	case b.Status == trip.Failed && b.Reason == trip.ReasonNotReceived:
		out.Kind, out.Message = NotIssued, msgBookingNotMade
	case b.Status == trip.Failed && b.Reason == trip.ReasonFareChanged:
		out.Kind, out.Message = FareMoved, msgFareChangedAtBook
	case b.Status == trip.Failed && ticket:
		out.Kind, out.Message = Refused, msgTicketingFailed
	case b.Status == trip.Failed:
		out.Kind, out.Message = Refused, msgBookingFailed
	default:
		// booking, ticketing, unknown (or quoted before its call started).
		out.Raw, out.Kind, out.Message = nil, Pending, msgConfirming
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
// claim is the request's idempotency key (nil for the ticket a payment
// starts).
func (s *Bookings) Ticket(ctx context.Context, claim *keyClaim, conn *connector.Connector, b queries.Booking, agentRef string) (Outcome, error) {
	from := b.Status
	switch {
	case b.Status == trip.Ticketed:
		return Outcome{Booking: b, Raw: b.LastResponse, Message: msgTicketed}, nil
	case b.Status == trip.Unknown:
		return Outcome{Booking: b, Kind: Pending, Message: "We are still confirming this booking with the airline. Please check again shortly."}, nil
	case !trip.AwaitingTicket(b.Status, trip.FareOf(b.IsLcc)):
		return Outcome{Booking: b}, apierr.Newf(http.StatusConflict, "not_ticketable", "This booking cannot be ticketed now (it is %s).", b.Status)
	}
	// No ticket without payment: the traveller pays the fare (or a moved
	// fare's difference) first.
	if paid, err := s.payments.paid(ctx, b); err != nil {
		return Outcome{Booking: b}, err
	} else if !paid {
		return Outcome{Booking: b}, apierr.New(http.StatusPaymentRequired, "payment_required", msgPaymentRequired)
	}
	port, err := s.port(conn)
	if err != nil {
		return Outcome{Booking: b}, err
	}
	if b.IsLcc && b.PriceChangePending && b.NewExtrasPrice != nil {
		// The airline moved the extras' price: the same items go again at
		// the price the traveller accepted, or the booking says what they
		// cost now.
		var moved bool
		if b, moved, err = s.repriceExtras(ctx, port, conn, b); err != nil {
			return Outcome{Booking: b}, err
		} else if moved {
			return Outcome{Booking: b, Kind: FareMoved, Raw: b.LastResponse, Message: msgExtrasChangedAtTicket}, nil
		}
	}
	b, ok, err := s.startCall(ctx, claim, conn, b, trip.SendTicket, connector.OpTicket, "ticket sent from "+string(from))
	if err == nil && !ok {
		// Another caller (a retry on another replica, the ticket started
		// by the payment) moved it first: answer from the booking as it
		// stands, "still confirming" while that call runs (not kept for a
		// repeat, which then sees the outcome).
		if now, gerr := s.q.BookingGetByID(ctx, b.ID); gerr == nil && (now.Status == trip.Ticketing || now.Status == trip.Unknown || now.Status == trip.Ticketed) {
			return outcomeOf(now, trip.StepTicket), nil
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
	return s.afterCall(ctx, conn, b, trip.StepTicket, res, err)
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
			return Outcome{Booking: b, Kind: Pending, Message: msgConfirming}, nil
		case <-time.After(wait):
			wait *= 2
		}
	}
}

// reconcileOnce asks the supplier for the real state of an unknown booking
// and records what decideReconcile makes of it. done is false while the
// state is still unknown.
func (s *Bookings) reconcileOnce(ctx context.Context, conn *connector.Connector, b queries.Booking) (Outcome, bool, error) {
	step := stepOf(b)
	port, err := s.port(conn)
	if err != nil {
		return Outcome{}, false, err
	}
	req := supplier.DetailsRequest{TraceID: b.TraceID}
	if b.SupplierBookingID != nil {
		req = supplier.DetailsRequest{BookingID: *b.SupplierBookingID, PNR: derefOr(b.Pnr)}
	}
	details, err := port.BookingDetails(ctx, conn, req)
	d, settle, result := decideReconcile(b, details, err, s.now(), s.GiveUpAfter)
	if !settle {
		s.metrics.Reconciled.WithLabelValues(result).Inc()
		return Outcome{}, false, err
	}
	out, raced, err := s.apply(ctx, b, step, d)
	if err != nil {
		return Outcome{}, false, err
	}
	if !raced {
		s.metrics.Reconciled.WithLabelValues(result).Inc()
	}
	return outcomeOf(out, step), true, nil
}

// stepOf is the call whose outcome an unknown booking waits on.
func stepOf(b queries.Booking) trip.Step {
	if b.UnknownStep == nil {
		return ""
	}
	return *b.UnknownStep
}

// mailPending tells the traveller of a booking still unknown after
// PendingMailAfter that it is being confirmed (once: bookings.mailed).
func (s *Bookings) mailPending(ctx context.Context, b queries.Booking) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		now, err := s.q.WithTx(tx).BookingGetByID(ctx, b.ID)
		if err != nil || now.Status != trip.Unknown {
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

// RefreshStats reads the booking gauges from the database.
func (s *Bookings) RefreshStats(ctx context.Context) {
	counts, err := s.q.BookingCountByStatus(ctx)
	if err != nil {
		return
	}
	byStatus := map[string]float64{}
	for _, st := range trip.Statuses {
		byStatus[string(st)] = 0
	}
	for _, c := range counts {
		byStatus[string(c.Status)] = float64(c.Bookings)
	}
	for st, n := range byStatus {
		s.metrics.ByStatus.WithLabelValues(st).Set(n)
	}
	if age, err := s.q.BookingOldestUnknownAge(ctx); err == nil {
		s.metrics.OldestUnknown.Set(age)
	}
}

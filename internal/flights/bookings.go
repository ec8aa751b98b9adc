package flights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
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
)

// Bookings runs the booking state machine over PostgreSQL and the supplier.
type Bookings struct {
	pool *pgxpool.Pool
	q    *queries.Queries
	tbo  *tbo.Client
	log  *slog.Logger
	// InlineReconcile bounds how long a request that lost its answer spends
	// asking GetBookingDetails before leaving the rest to the reconciler.
	InlineReconcile time.Duration
	// GiveUpAfter is how long a booking whose Book never reached the
	// supplier may stay unknown before it is declared not made.
	GiveUpAfter time.Duration
}

// NewBookings returns the booking service.
func NewBookings(pool *pgxpool.Pool, client *tbo.Client, log *slog.Logger) *Bookings {
	return &Bookings{pool: pool, q: queries.New(pool), tbo: client, log: log,
		InlineReconcile: 20 * time.Second, GiveUpAfter: 30 * time.Minute}
}

// errConflict is a booking that is not in a state for the request.
type errConflict struct{ message string }

func (e *errConflict) Error() string { return e.message }

// transition moves b from one status to another (compare-and-set) and
// records the event. ok is false when another request moved it first.
func (s *Bookings) transition(ctx context.Context, b queries.Booking, to, note string) (queries.Booking, bool, error) {
	var out queries.Booking
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		var err error
		out, err = q.BookingTransition(ctx, queries.BookingTransitionParams{ID: b.ID, FromStatus: b.Status, ToStatus: to})
		if err != nil {
			return err
		}
		return q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: to, Note: note})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return b, false, nil
	}
	return out, err == nil, err
}

// record stores an outcome and its event in one transaction.
func (s *Bookings) record(ctx context.Context, from queries.Booking, note string, apply func(q *queries.Queries) (queries.Booking, error)) (queries.Booking, error) {
	var out queries.Booking
	err := pgx.BeginFunc(context.WithoutCancel(ctx), s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		var err error
		if out, err = apply(q); err != nil {
			return err
		}
		return q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: from.ID, FromStatus: from.Status, ToStatus: out.Status, Note: note})
	})
	return out, err
}

// quoteSummary is what a booking keeps of its fare quote.
type quoteSummary struct {
	price                                      float64
	currency, origin, dest, departure, airline string
	fare                                       json.RawMessage
}

func summarise(q *tbo.Quote) quoteSummary {
	var r struct {
		Response struct {
			Results struct {
				AirlineCode tbo.Str `json:"AirlineCode"`
				Fare        json.RawMessage
				Segments    [][]struct {
					Origin struct {
						Airport struct{ AirportCode tbo.Str } `json:"Airport"`
						DepTime tbo.Str                       `json:"DepTime"`
					} `json:"Origin"`
					Destination struct {
						Airport struct{ AirportCode tbo.Str } `json:"Airport"`
					} `json:"Destination"`
				} `json:"Segments"`
			} `json:"Results"`
		} `json:"Response"`
	}
	_ = json.Unmarshal(q.Raw, &r)
	s := quoteSummary{price: q.Result.Price(), currency: string(q.Result.Fare.Currency), airline: string(r.Response.Results.AirlineCode), fare: r.Response.Results.Fare}
	if s.currency == "" {
		s.currency = "INR"
	}
	if segs := r.Response.Results.Segments; len(segs) > 0 && len(segs[0]) > 0 {
		first, last := segs[0][0], segs[0][len(segs[0])-1]
		s.origin, s.dest, s.departure = string(first.Origin.Airport.AirportCode), string(last.Destination.Airport.AirportCode), string(first.Origin.DepTime)
	}
	return s
}

// create quotes the result afresh (the supplier requires FareQuote before
// Book and Ticket) and records a quoted booking.
func (s *Bookings) create(ctx context.Context, userID uuid.UUID, conn *connector.Connector, tr tbo.TraceRequest, pax tbo.Passenger, agentRef string) (queries.Booking, *tbo.Quote, error) {
	q, err := s.tbo.FareQuote(ctx, conn, tr)
	if err != nil {
		return queries.Booking{}, nil, err
	}
	sum := summarise(q)
	if bad := passportFits(q.Result, pax, sum.departure); bad != nil {
		return queries.Booking{}, nil, bad
	}
	if len(sum.fare) > 0 {
		pax["Fare"] = sum.fare
	}
	paxJSON, err := json.Marshal([]tbo.Passenger{pax})
	if err != nil {
		return queries.Booking{}, nil, err
	}
	price := sum.price
	b, err := s.q.BookingCreate(ctx, queries.BookingCreateParams{
		UserID: userID, Supplier: conn.Name, TraceID: tr.TraceId, ResultIndex: tr.ResultIndex, IsLcc: bool(q.Result.IsLCC),
		Currency: sum.currency, Price: &price, Origin: sum.origin, Destination: sum.dest, Departure: sum.departure,
		Airline: sum.airline, Passengers: paxJSON, AgentReference: agentRef, Quote: q.Raw,
	})
	return b, q, err
}

// passportFits refuses, before anything is recorded or held, a passenger
// without a passport on an itinerary whose quote asks for one, or with a
// passport that lapses before the flight.
func passportFits(r tbo.Result, pax tbo.Passenger, departure string) *invalidInput {
	number, _ := pax["PassportNo"].(string)
	expiry, _ := pax["PassportExpiry"].(string)
	if number == "" {
		if r.NeedsPassport() {
			return &invalidInput{"passengers[0].PassportNo", "This international flight needs the passenger's passport number and expiry date."}
		}
		return nil
	}
	if len(departure) >= 10 && len(expiry) >= 10 && expiry[:10] <= departure[:10] {
		return &invalidInput{"passengers[0].PassportExpiry", "The passport must be valid beyond the travel date."}
	}
	return nil
}

// passports gives the GDS Ticket call the passports of a booking whose quote
// asked for them at Ticket, with the supplier's PaxIds from the Book answer.
func passports(b queries.Booking) []tbo.Passport {
	var quote struct {
		Response struct{ Results tbo.Result } `json:"Response"`
	}
	if json.Unmarshal(b.Quote, &quote) != nil || !quote.Response.Results.IsPassportRequiredAtTicket {
		return nil
	}
	var booked struct {
		Response struct {
			Response struct {
				FlightItinerary *tbo.Itinerary `json:"FlightItinerary"`
			} `json:"Response"`
		} `json:"Response"`
	}
	_ = json.Unmarshal(b.LastResponse, &booked)
	var passengers []tbo.Passenger
	_ = json.Unmarshal(b.Passengers, &passengers)
	var out []tbo.Passport
	for i, p := range passengers {
		pp := tbo.Passport{}
		pp.PassportNo, _ = p["PassportNo"].(string)
		pp.PassportExpiry, _ = p["PassportExpiry"].(string)
		pp.DateOfBirth, _ = p["DateOfBirth"].(string)
		if it := booked.Response.Response.FlightItinerary; it != nil && i < len(it.Passenger) {
			pp.PaxId = int64(it.Passenger[i].PaxId)
		}
		if pp.PassportNo != "" {
			out = append(out, pp)
		}
	}
	return out
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
}

// Book books a GDS result for the user. LCC results are only recorded: the
// supplier books them at Ticket.
func (s *Bookings) Book(ctx context.Context, userID uuid.UUID, conn *connector.Connector, tr tbo.TraceRequest, pax tbo.Passenger) (Outcome, error) {
	b, quote, err := s.create(ctx, userID, conn, tr, pax, "")
	if err != nil {
		return Outcome{}, err
	}
	if b.IsLcc {
		return Outcome{Booking: b, Raw: quote.Raw,
			Message: "Low-cost fares are booked when the ticket is issued."}, nil
	}
	b, ok, err := s.transition(ctx, b, StatusBooking, "book sent")
	if err != nil || !ok {
		return Outcome{Booking: b}, errors.Join(err, &errConflict{"This booking is already being processed."})
	}
	var passengers []tbo.Passenger
	_ = json.Unmarshal(b.Passengers, &passengers)
	res, err := s.tbo.Book(ctx, conn, tbo.BookRequest{TraceId: b.TraceID, ResultIndex: b.ResultIndex, Passengers: passengers})
	return s.afterCall(ctx, conn, b, "book", res, err)
}

// afterCall records the outcome of Book or Ticket: success, a definite
// failure, or an unknown outcome, which is never retried but reconciled.
func (s *Bookings) afterCall(ctx context.Context, conn *connector.Connector, b queries.Booking, step string, res *tbo.Booking, callErr error) (Outcome, error) {
	if callErr != nil && tbo.IsOutcomeUnknown(callErr) {
		var e *tbo.Error
		errors.As(callErr, &e)
		b, err := s.record(ctx, b, step+" outcome unknown: "+string(e.Kind), func(q *queries.Queries) (queries.Booking, error) {
			return q.BookingMarkUnknown(ctx, queries.BookingMarkUnknownParams{ID: b.ID, UnknownStep: &step, Failure: e.Message})
		})
		if err != nil {
			return Outcome{}, err
		}
		return s.reconcileInline(ctx, conn, b)
	}
	if step == "book" && res != nil && res.IsPriceChanged && res.BookingId == 0 {
		// The supplier holds nothing when the fare moved at Book: this
		// attempt ends, and booking again quotes and books the new fare.
		b, err := s.record(ctx, b, "fare changed at book", func(q *queries.Queries) (queries.Booking, error) {
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: StatusFailed,
				Failure: "fare changed", LastResponse: res.Raw})
		})
		return Outcome{Booking: b, Raw: res.Raw, PriceChanged: true,
			Message: "The fare has changed. Please review the new price and book again."}, err
	}
	if callErr != nil {
		msg := "Booking failed."
		if step == "ticket" {
			msg = "Ticketing failed from supplier side."
		}
		var raw []byte
		if res != nil {
			raw = res.Raw
		}
		// A failed ticket leaves a GDS booking booked (it can be ticketed
		// again); anything else failed.
		to := StatusFailed
		if step == "ticket" && !b.IsLcc {
			to = StatusBooked
		}
		b, err := s.record(ctx, b, step+" refused: "+callErr.Error(), func(q *queries.Queries) (queries.Booking, error) {
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: to, Failure: msg, LastResponse: raw})
		})
		detail := callErr.Error()
		var e *tbo.Error
		if errors.As(callErr, &e) {
			detail = e.Message
		}
		return Outcome{Booking: b, Raw: raw, Message: msg + " " + detail, Failed: true}, err
	}
	if step == "ticket" && res.TicketStatus == tbo.TicketPriceChanged {
		b, err := s.record(ctx, b, "fare changed at ticketing", func(q *queries.Queries) (queries.Booking, error) {
			return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: StatusBooked,
				Failure: "fare changed", LastResponse: res.Raw, PriceChangePending: true})
		})
		return Outcome{Booking: b, Raw: res.Raw, PriceChanged: true,
			Message: "The fare has changed. Press Retry Ticket to accept the new fare."}, err
	}
	to := StatusBooked
	if step == "ticket" {
		to = StatusTicketed
		if res.TicketStatus != tbo.TicketSuccessful && res.TicketStatus != tbo.TicketAlreadyCreated {
			b, err := s.record(ctx, b, fmt.Sprintf("ticket status %d", res.TicketStatus), func(q *queries.Queries) (queries.Booking, error) {
				st := StatusFailed
				if !b.IsLcc {
					st = StatusBooked
				}
				return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: st,
					Failure: "Ticketing failed from supplier side.", LastResponse: res.Raw})
			})
			return Outcome{Booking: b, Raw: res.Raw, Message: "Ticketing failed from supplier side.", Failed: true}, err
		}
	}
	pnr, id := res.PNR, res.BookingId
	if pnr == "" {
		pnr = derefOr(b.Pnr)
	}
	if id == 0 && b.SupplierBookingID != nil {
		id = *b.SupplierBookingID
	}
	b, err := s.record(ctx, b, step+" done", func(q *queries.Queries) (queries.Booking, error) {
		return q.BookingRecordBooked(ctx, queries.BookingRecordBookedParams{ID: b.ID, Status: to, Pnr: &pnr, SupplierBookingID: &id, LastResponse: res.Raw})
	})
	return Outcome{Booking: b, Raw: res.Raw}, err
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
		return Outcome{Booking: b, Raw: b.LastResponse, Message: "Ticket issued successfully."}, nil
	case b.IsLcc && b.Status == StatusQuoted:
	case !b.IsLcc && b.Status == StatusBooked:
	case b.Status == StatusUnknown:
		return Outcome{Booking: b, Pending: true, Message: "We are still confirming this booking with the airline. Please check again shortly."}, nil
	default:
		return Outcome{Booking: b}, &errConflict{fmt.Sprintf("This booking cannot be ticketed now (it is %s).", b.Status)}
	}
	b, ok, err := s.transition(ctx, b, StatusTicketing, "ticket sent from "+from)
	if err != nil || !ok {
		return Outcome{Booking: b}, errors.Join(err, &errConflict{"This booking is already being ticketed."})
	}
	req := tbo.TicketRequest{TraceId: b.TraceID}
	if b.IsLcc {
		var passengers []tbo.Passenger
		_ = json.Unmarshal(b.Passengers, &passengers)
		for _, p := range passengers {
			// The product offers no extras: explicit "none" placeholders.
			p["Baggage"] = []map[string]any{{"Code": "NoBaggage", "Weight": 0, "Price": 0, "Currency": "INR"}}
			p["MealDynamic"] = []map[string]any{{"Code": "NoMeal", "Quantity": 0, "Price": 0, "Currency": "INR"}}
			p["SeatDynamic"] = []map[string]any{{"Code": "NoSeat", "Price": 0, "Currency": "INR"}}
		}
		req.ResultIndex, req.AgentReferenceNo, req.Passengers = b.ResultIndex, agentRef, passengers
	} else {
		req.PNR, req.IsPriceChangeAccepted = derefOr(b.Pnr), b.PriceChangePending
		req.Passports = passports(b)
		if b.SupplierBookingID != nil {
			req.BookingId = *b.SupplierBookingID
		}
	}
	res, err := s.tbo.Ticket(ctx, conn, req)
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
			return Outcome{Booking: b, Pending: true,
				Message: "We did not hear back from the airline in time. We are confirming your booking and will update My Trips; please do not book again."}, nil
		case <-time.After(wait):
			wait *= 2
		}
	}
}

// reconcileOnce asks the supplier for the booking's real state and records
// it. done is false when the state is still unknown.
func (s *Bookings) reconcileOnce(ctx context.Context, conn *connector.Connector, b queries.Booking) (Outcome, bool, error) {
	req := tbo.DetailsRequest{TraceId: b.TraceID}
	if b.SupplierBookingID != nil {
		req = tbo.DetailsRequest{BookingId: *b.SupplierBookingID, PNR: derefOr(b.Pnr)}
	}
	d, err := s.tbo.BookingDetails(ctx, conn, req)
	if err != nil {
		var e *tbo.Error
		notThere := errors.As(err, &e) && e.Kind == tbo.KindSupplier
		if notThere && b.UnknownSince != nil && time.Since(*b.UnknownSince) > s.GiveUpAfter {
			// The supplier still has no such booking long after the call:
			// the request never took effect.
			to := StatusFailed
			if derefOr(b.UnknownStep) == "ticket" && !b.IsLcc {
				to = StatusBooked
			}
			out, rerr := s.record(ctx, b, "reconciled: not found at the supplier", func(q *queries.Queries) (queries.Booking, error) {
				return q.BookingRecordFailure(ctx, queries.BookingRecordFailureParams{ID: b.ID, Status: to,
					Failure: "The airline did not receive this request.", Reconciled: true})
			})
			return Outcome{Booking: out, Failed: true, Message: "Booking failed."}, true, rerr
		}
		return Outcome{}, false, err
	}
	it := d.Itinerary
	ticketed := len(it.Passenger) > 0
	for _, p := range it.Passenger {
		ticketed = ticketed && p.Ticket != nil && p.Ticket.TicketNumber != ""
	}
	to := StatusBooked
	if ticketed {
		to = StatusTicketed
	}
	pnr, id := string(it.PNR), int64(it.BookingId)
	raw := synthesisedBooking(it, d.Raw)
	out, err := s.record(ctx, b, "reconciled from booking details", func(q *queries.Queries) (queries.Booking, error) {
		return q.BookingRecordBooked(ctx, queries.BookingRecordBookedParams{ID: b.ID, Status: to, Pnr: &pnr,
			SupplierBookingID: &id, LastResponse: raw, Reconciled: true})
	})
	return Outcome{Booking: out, Raw: raw}, err == nil, err
}

// synthesisedBooking gives a reconciled outcome the shape of a Book answer
// (Response.Response.{BookingId, PNR}) so the web app reads it the same way.
func synthesisedBooking(it tbo.Itinerary, details json.RawMessage) json.RawMessage {
	var d struct {
		Response map[string]any `json:"Response"`
	}
	_ = json.Unmarshal(details, &d)
	inner := map[string]any{"BookingId": int64(it.BookingId), "PNR": string(it.PNR), "Reconciled": true}
	if fi, ok := d.Response["FlightItinerary"]; ok {
		inner["FlightItinerary"] = fi
	}
	b, _ := json.Marshal(map[string]any{"Response": map[string]any{"ResponseStatus": 1, "Response": inner}})
	return b
}

// Reconcile runs until ctx ends, claiming one due unknown booking at a time
// (any replica may run it; SKIP LOCKED keeps them apart) and backing off
// per booking. It picks up after restarts: the work list is the table.
func (s *Bookings) Reconcile(ctx context.Context, connectors *connector.Store, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		for s.reconcileNext(ctx, connectors) {
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

// reconcileNext handles one due booking; it reports whether it found one.
func (s *Bookings) reconcileNext(ctx context.Context, connectors *connector.Store) bool {
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
	if _, done, err := s.reconcileOnce(ctx, conn, b); err != nil {
		s.log.Info("reconciler: booking still unknown", "booking", b.ID, "attempts", b.ReconcileAttempts+1, "err", err)
	} else if done {
		s.log.Info("reconciler: booking resolved", "booking", b.ID)
	}
	return true
}

// normaliseAgentRef keeps a 'PT-' reference from the web app, else makes one.
func normaliseAgentRef(s string, now time.Time) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "PT-") && len(s) <= 40 {
		return s
	}
	return fmt.Sprintf("PT-%d", now.UnixMilli())
}

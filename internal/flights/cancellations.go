package flights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/riverqueue/river"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/trip"
)

// Cancelling a ticketed booking (docs/cancellations.md): the traveller
// sees the charges first (Charges), confirms (Cancel: the cancellation is
// recorded with what was shown, its tickets claimed, and its job written,
// in one transaction), and the job sends the change request and follows it
// to the airline's last word, refunding what the airline gave back less
// our fee. The statuses and moves are internal/trip's CancelTransitions.

// What travellers are told about cancellations.
const (
	msgNotTicketed      = "Only a ticketed booking can be cancelled here."
	msgNoTickets        = "Choose at least one traveller to cancel."
	msgUnknownTicket    = "That traveller's ticket is not on this booking."
	msgTicketTaken      = "That traveller's ticket is already cancelled or being cancelled."
	msgInfantAlone      = "An infant must travel with an adult: cancel the infant too, or keep an adult on the booking."
	msgChargesChanged   = "The airline's charges have changed. Please review the new refund before confirming."
	msgChangeFailed     = "The airline could not take the cancellation request. Your tickets are unchanged; please try again later."
	msgRefusedNoReason  = "The airline refused the cancellation. Your tickets are unchanged."
	msgCancelAnswerLost = "We did not hear back from the airline in time; we are confirming the cancellation with them."
)

// RefundDays is how long a refund to the card or UPI it came from takes at
// most, as the traveller is told before confirming: the DGCA's refund
// requirements give 7 days for card refunds, and Paryatan asks the gateway
// the moment the airline confirms (docs/cancellations.md).
const RefundDays = 7

// Waits of a cancellation's job while the airline works: 5 s, doubling, at
// most 10 minutes. How long after sending an unanswered change request the
// supplier showing no trace of it means it was never made is the same
// give-up window as for a lost Book or Ticket (Bookings.GiveUpAfter).
const (
	changeFirst = 5 * time.Second
	changeMax   = 10 * time.Minute
)

// cancelJob sends a cancellation's change request and follows it.
type cancelJob struct {
	CancellationID uuid.UUID `json:"cancellation_id"`
}

func (cancelJob) Kind() string { return "cancellation.follow" }

// bookedTicket is one traveller's ticket as the booking's last supplier
// answer states it.
type bookedTicket struct {
	Passenger    int    `json:"passenger"`
	TicketID     int64  `json:"ticketId"`
	TicketNumber string `json:"ticketNumber"`
	Name         string `json:"name"`
	Type         string `json:"type"`
	paxType      int
}

// ticketsOf reads the tickets of a ticketed booking, in passenger order.
func ticketsOf(b queries.Booking) []bookedTicket {
	var d struct {
		Response struct {
			Response struct {
				FlightItinerary struct {
					Passenger []struct {
						Title, FirstName, LastName string
						PaxType                    int
						Ticket                     *struct {
							TicketID     json.Number `json:"TicketId"`
							TicketNumber string
						}
					}
				}
			}
		}
	}
	_ = json.Unmarshal(b.LastResponse, &d)
	var out []bookedTicket
	for i, p := range d.Response.Response.FlightItinerary.Passenger {
		if p.Ticket == nil {
			continue
		}
		id, err := p.Ticket.TicketID.Int64()
		if err != nil || id == 0 {
			continue
		}
		out = append(out, bookedTicket{Passenger: i, TicketID: id, TicketNumber: p.Ticket.TicketNumber, paxType: p.PaxType,
			Name: strings.TrimSpace(p.Title + " " + p.FirstName + " " + p.LastName), Type: paxTypeNames[p.PaxType]})
	}
	return out
}

// CancelQuoteJSON is what cancelling some tickets would cost, shown before
// anything is sent. Amounts are rupees, exact.
type CancelQuoteJSON struct {
	Whole   bool           `json:"whole"`
	Tickets []bookedTicket `json:"tickets"`
	// Charge is the airline's; Fee ours; Refund what the traveller gets
	// back, to RefundTo (the original payment method) within RefundDays.
	Charge     decimal.Decimal `json:"charge"`
	Fee        decimal.Decimal `json:"fee"`
	Refund     decimal.Decimal `json:"refund"`
	Currency   string          `json:"currency"`
	RefundTo   string          `json:"refundTo"`
	RefundDays int             `json:"refundDays"`
	Remarks    string          `json:"remarks,omitempty"`
}

// cancelPlan is a checked choice of tickets to cancel.
type cancelPlan struct {
	b      queries.Booking
	conn   *connector.Connector
	port   supplier.Port
	chosen []bookedTicket
	// whole: the chosen tickets are every ticket of the booking.
	whole bool
}

// plan checks a traveller's choice of tickets (none: every ticket still
// held) against the booking.
func (s *Bookings) plan(ctx context.Context, b queries.Booking, ids []int64) (cancelPlan, error) {
	if b.Status != trip.Ticketed || b.SupplierBookingID == nil {
		return cancelPlan{}, apierr.Conflict("not_cancellable", msgNotTicketed)
	}
	conn, ok := s.connectors.Current().Find(b.Supplier)
	if !ok {
		return cancelPlan{}, errNoSupplier(b)
	}
	port, err := s.port(conn)
	if err != nil {
		return cancelPlan{}, err
	}
	all := ticketsOf(b)
	taken, err := s.q.CancellationTicketsByBooking(ctx, b.ID)
	if err != nil {
		return cancelPlan{}, err
	}
	isTaken := func(id int64) bool {
		return slices.ContainsFunc(taken, func(t queries.CancellationTicket) bool { return t.Live && t.TicketID == id })
	}
	var held []bookedTicket
	for _, t := range all {
		if !isTaken(t.TicketID) {
			held = append(held, t)
		}
	}
	if len(ids) == 0 {
		ids = make([]int64, 0, len(held))
		for _, t := range held {
			ids = append(ids, t.TicketID)
		}
	}
	var chosen []bookedTicket
	for _, id := range ids {
		i := slices.IndexFunc(all, func(t bookedTicket) bool { return t.TicketID == id })
		switch {
		case i < 0:
			return cancelPlan{}, apierr.Invalid("tickets", msgUnknownTicket)
		case isTaken(id):
			return cancelPlan{}, apierr.Conflict("ticket_taken", msgTicketTaken)
		case !slices.ContainsFunc(chosen, func(t bookedTicket) bool { return t.TicketID == id }):
			chosen = append(chosen, all[i])
		}
	}
	if len(chosen) == 0 {
		return cancelPlan{}, apierr.Invalid("tickets", msgNoTickets)
	}
	// An infant staying needs an adult staying.
	stays := func(pax int) bool {
		return slices.ContainsFunc(held, func(t bookedTicket) bool {
			return t.paxType == pax && !slices.ContainsFunc(chosen, func(c bookedTicket) bool { return c.TicketID == t.TicketID })
		})
	}
	if stays(supplier.PaxInfant) && !stays(supplier.PaxAdult) {
		return cancelPlan{}, apierr.Invalid("tickets", msgInfantAlone)
	}
	slices.SortFunc(chosen, func(a, b bookedTicket) int { return a.Passenger - b.Passenger })
	return cancelPlan{b: b, conn: conn, port: port, chosen: chosen, whole: len(chosen) == len(all)}, nil
}

func (p cancelPlan) ticketIDs() []int64 {
	out := make([]int64, len(p.chosen))
	for i, t := range p.chosen {
		out[i] = t.TicketID
	}
	return out
}

// Charges prices the cancellation of the chosen tickets of b (none: every
// ticket still held): the supplier is asked now (nothing is sent that
// commits), and the refund is what it would give back less our fee, never
// more than the booking has paid and not had back.
func (s *Bookings) Charges(ctx context.Context, b queries.Booking, ids []int64) (CancelQuoteJSON, error) {
	p, err := s.plan(ctx, b, ids)
	if err != nil {
		return CancelQuoteJSON{}, err
	}
	return s.quote(ctx, p)
}

func (s *Bookings) quote(ctx context.Context, p cancelPlan) (CancelQuoteJSON, error) {
	req := supplier.ChargesRequest{BookingID: *p.b.SupplierBookingID}
	if !p.whole {
		req.TicketIDs = p.ticketIDs()
	}
	c, err := p.port.CancellationCharges(ctx, p.conn, req)
	if err != nil {
		return CancelQuoteJSON{}, supplierError(err, "We could not get the cancellation charges from the airline. Please try again.")
	}
	m, err := checkout.LedgerOf(ctx, s.q, p.b.ID)
	if err != nil {
		return CancelQuoteJSON{}, err
	}
	fee := s.CancellationFee.Mul(decimal.NewFromInt(int64(len(p.chosen))))
	refund := refundOf(c.Refund, fee, left(m))
	cur := c.Currency
	if cur == "" {
		cur = p.b.Currency
	}
	return CancelQuoteJSON{Whole: p.whole, Tickets: p.chosen, Charge: c.Charge, Fee: fee, Refund: refund, Currency: cur,
		RefundTo: refundTo(m), RefundDays: RefundDays, Remarks: c.Remarks}, nil
}

// refundOf is what a traveller gets back of what the airline refunds:
// less our fee, never below nothing, never more than left (paid and not
// refunded yet). Paise are kept exact; a fraction of a paisa is not paid.
func refundOf(airline, fee, left decimal.Decimal) decimal.Decimal {
	r := decimal.Min(airline.Sub(fee), left)
	if r.IsNegative() {
		return decimal.Zero
	}
	return r.Truncate(2)
}

// left is what a booking has paid and not had back, in rupees.
func left(l checkout.Ledger) decimal.Decimal { return checkout.Rupees(l.Paid - l.Refunded) }

// refundTo names where a refund goes: the method of the booking's last paid
// order, as travellers call it.
func refundTo(l checkout.Ledger) string {
	method := ""
	for _, p := range l.Payments {
		if p.Status == trip.OrderPaid {
			method = p.Method
		}
	}
	switch method {
	case "upi":
		return "UPI"
	case "card":
		return "card"
	case "netbanking":
		return "net banking"
	case "wallet":
		return "wallet"
	}
	return "the original payment method"
}

// CancelInput is a confirmed cancellation: the tickets (none: all still
// held) and the refund the traveller was shown.
type CancelInput struct {
	Tickets []int64         `json:"tickets"`
	Refund  decimal.Decimal `json:"refund"`
}

// Cancel records a cancellation the traveller confirmed, after pricing it
// again: when the refund is not the one they were shown, nothing is
// recorded and the answer is the new quote (409 charges_changed). The
// cancellation, its tickets (each in one live cancellation at most, so a
// change request is never sent twice for a ticket) and its job are written
// in one transaction; the job sends the change request off the request's
// path.
func (s *Bookings) Cancel(ctx context.Context, b queries.Booking, in CancelInput) (queries.Cancellation, *CancelQuoteJSON, error) {
	p, err := s.plan(ctx, b, in.Tickets)
	if err != nil {
		return queries.Cancellation{}, nil, err
	}
	q, err := s.quote(ctx, p)
	if err != nil {
		return queries.Cancellation{}, nil, err
	}
	if !q.Refund.Equal(in.Refund) {
		return queries.Cancellation{}, &q, apierr.Conflict("charges_changed", msgChargesChanged)
	}
	var c queries.Cancellation
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		qt := s.q.WithTx(tx)
		var err error
		c, err = qt.CancellationCreate(ctx, queries.CancellationCreateParams{BookingID: b.ID, UserID: b.UserID, Whole: p.whole,
			Currency: q.Currency, QuotedCharge: q.Charge, QuotedRefund: q.Refund, Fee: q.Fee})
		if err != nil {
			return err
		}
		shares := fareShares(b, p.chosen)
		for i, t := range p.chosen {
			err := qt.CancellationTicketAdd(ctx, queries.CancellationTicketAddParams{CancellationID: c.ID, BookingID: b.ID, TicketID: t.TicketID,
				Passenger: int32(t.Passenger), Name: t.Name, TicketNumber: t.TicketNumber, Fare: shares[i]}) //nolint:gosec // a passenger's index
			if err != nil {
				return err
			}
		}
		if err := qt.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: b.ID, FromStatus: b.Status, ToStatus: b.Status,
			Note: fmt.Sprintf("cancellation %s requested: %d ticket(s), refund %s quoted", c.ID, len(p.chosen), q.Refund)}); err != nil {
			return err
		}
		if err := s.announceCancellation(ctx, tx, b, c); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, cancelJob{CancellationID: c.ID}, &river.InsertOpts{Queue: jobs.QueueSupplier, MaxAttempts: jobAttempts})
		return err
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.ConstraintName == "cancellation_tickets_once" {
		return queries.Cancellation{}, nil, apierr.Conflict("ticket_taken", msgTicketTaken)
	}
	if err != nil {
		return queries.Cancellation{}, nil, err
	}
	s.log.Info("cancellation requested", "booking", b.ID, "cancellation", c.ID, "tickets", len(p.chosen), "refund", q.Refund)
	return c, nil, nil
}

// fareShares is what each chosen ticket cost the traveller: its passenger
// type's fare from the quote's breakdown (base fare and tax per passenger),
// for the cancellation's record.
func fareShares(b queries.Booking, chosen []bookedTicket) []decimal.Decimal {
	var quote struct {
		Response struct {
			Results struct {
				FareBreakdown []struct {
					PassengerType  int
					PassengerCount int
					BaseFare, Tax  json.Number
				}
			}
		}
	}
	_ = json.Unmarshal(b.Quote, &quote)
	per := map[int]decimal.Decimal{}
	for _, f := range quote.Response.Results.FareBreakdown {
		base, _ := decimal.NewFromString(f.BaseFare.String())
		tax, _ := decimal.NewFromString(f.Tax.String())
		if f.PassengerCount > 0 {
			per[f.PassengerType] = base.Add(tax).DivRound(decimal.NewFromInt(int64(f.PassengerCount)), 2)
		}
	}
	out := make([]decimal.Decimal, len(chosen))
	for i, t := range chosen {
		out[i] = per[t.paxType]
	}
	return out
}

// followCancellation is a cancellation's job: it sends the change request
// of a requested cancellation, finds out what became of one whose sending
// was cut short, and follows the airline until every ticket's request is
// final. It snoozes while the airline works; every move is compare-and-set
// from the record as it stands, so a job run again (its process died) does
// nothing twice.
func (s *Bookings) followCancellation(ctx context.Context, job *river.Job[cancelJob]) error {
	wait := jobs.Backoff(jobs.Snoozes(job.JobRow), changeFirst, changeMax)
	for range 3 {
		c, err := s.q.CancellationGet(ctx, job.Args.CancellationID)
		if err != nil {
			return err
		}
		if !c.Status.Open() {
			return nil
		}
		b, err := s.q.BookingGetByID(ctx, c.BookingID)
		if err != nil {
			return err
		}
		conn, ok := s.connectors.Current().Find(b.Supplier)
		if !ok {
			s.log.Warn("cancellation: booking's supplier is no longer configured", "cancellation", c.ID, "supplier", b.Supplier)
			return river.JobSnooze(wait)
		}
		port, err := s.port(conn)
		if err != nil {
			return err
		}
		tickets, err := s.q.CancellationTickets(ctx, c.ID)
		if err != nil {
			return err
		}
		f := follower{s: s, c: c, b: b, conn: conn, port: port, tickets: tickets}
		var again bool
		switch c.Status {
		case trip.CancelRequested:
			again, err = f.send(ctx)
		case trip.CancelSending:
			again, err = f.recover(ctx)
		case trip.CancelWithAirline:
			err = f.poll(ctx)
		}
		if err != nil {
			return err
		}
		if !again {
			break
		}
	}
	c, err := s.q.CancellationGet(ctx, job.Args.CancellationID)
	if err != nil || !c.Status.Open() {
		return err
	}
	return river.JobSnooze(wait)
}

// follower works one cancellation as it stands.
type follower struct {
	s       *Bookings
	c       queries.Cancellation
	b       queries.Booking
	conn    *connector.Connector
	port    supplier.Port
	tickets []queries.CancellationTicket
}

// move moves the cancellation on ev, compare-and-set; ok is false when it
// had moved already.
func (f *follower) move(ctx context.Context, q *queries.Queries, ev trip.Event) (bool, error) {
	to, err := trip.NextCancel(f.c.Status, ev)
	if err != nil {
		return false, err
	}
	c, err := q.CancellationMove(ctx, queries.CancellationMoveParams{ID: f.c.ID, Status: to, FromStatuses: trip.Texts(trip.CancelFrom(ev))})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	f.c = c
	return true, nil
}

// send marks the cancellation sending and sends its change request with
// the job's context (never a request's). A lost answer leaves it sending,
// for recover to settle; a refusal ends it refused.
func (f *follower) send(ctx context.Context) (again bool, err error) {
	ok, err := f.move(ctx, f.s.q, trip.SendChange)
	if err != nil {
		return false, err
	}
	if !ok {
		return true, nil // moved meanwhile: look again
	}
	ids := make([]int64, len(f.tickets))
	for i, t := range f.tickets {
		ids[i] = t.TicketID
	}
	res, callErr := f.port.ChangeRequest(ctx, f.conn, supplier.ChangeRequest{BookingID: *f.b.SupplierBookingID, TicketIDs: ids,
		Partial: !f.c.Whole, Reason: supplier.ReasonOthers, Remarks: "Cancelled at the traveller's request (" + f.c.ID.String()[:8] + ")"})
	if callErr != nil {
		if supplier.IsOutcomeUnknown(callErr) || errors.Is(callErr, context.Canceled) || errors.Is(callErr, context.DeadlineExceeded) {
			f.s.log.Warn("cancellation: change request answer lost", "cancellation", f.c.ID, "err", callErr)
			return false, nil // recover asks the supplier on the next run
		}
		reason := msgChangeFailed
		if e, ok := supplier.AsError(callErr); ok && e.FromSupplier && e.Message != "" {
			reason = refusalWords(e.Message)
		}
		return false, f.finish(ctx, nil, reason)
	}
	return false, f.apply(ctx, res)
}

// recover settles a cancellation whose sending was cut short: the
// supplier's booking details say which of its tickets hold a change
// request. Those that do are recorded; when none does and the request is
// long past its deadline, it never reached the supplier and is sent again.
func (f *follower) recover(ctx context.Context) (again bool, err error) {
	d, err := f.port.BookingDetails(ctx, f.conn, supplier.DetailsRequest{BookingID: *f.b.SupplierBookingID, PNR: derefOr(f.b.Pnr)})
	if err != nil {
		f.s.log.Info("cancellation: booking details failed while recovering", "cancellation", f.c.ID, "err", err)
		return false, nil
	}
	// The details name each ticket's change request; its amounts (what a
	// completed one charged and refunded) come from the request's own
	// status, asked before anything is recorded.
	var found []supplier.TicketChange
	for _, p := range d.Passengers {
		if p.ChangeRequestID == 0 || !slices.ContainsFunc(f.tickets, func(t queries.CancellationTicket) bool { return t.TicketID == p.TicketID }) {
			continue
		}
		tc, err := f.port.ChangeRequestStatus(ctx, f.conn, p.ChangeRequestID)
		if err != nil {
			f.s.log.Info("cancellation: change request status failed while recovering", "cancellation", f.c.ID, "request", p.ChangeRequestID, "err", err)
			return false, nil
		}
		tc.ChangeRequestID, tc.TicketID = p.ChangeRequestID, p.TicketID
		found = append(found, *tc)
	}
	if len(found) > 0 {
		return false, f.apply(ctx, found)
	}
	deadline := f.conn.Timeout(connector.OpChangeRequest) + f.s.GiveUpAfter
	if f.c.SentAt != nil && f.s.now().Sub(*f.c.SentAt) < deadline {
		return false, nil // it may still be on its way: ask again later
	}
	f.s.log.Warn("cancellation: the supplier shows no change request; sending again", "cancellation", f.c.ID)
	ok, err := f.move(ctx, f.s.q, trip.ChangeNotSent)
	return ok, err
}

// poll asks the supplier about every change request not yet final.
func (f *follower) poll(ctx context.Context) error {
	var got []supplier.TicketChange
	for _, t := range f.tickets {
		if t.ChangeRequestID == nil {
			continue
		}
		if supplier.ChangeStatus(t.ChangeStatus).Done() {
			got = append(got, recorded(t))
			continue
		}
		tc, err := f.port.ChangeRequestStatus(ctx, f.conn, *t.ChangeRequestID)
		if err != nil {
			f.s.log.Info("cancellation: change request status failed", "cancellation", f.c.ID, "request", *t.ChangeRequestID, "err", err)
			return nil
		}
		if tc.TicketID == 0 {
			tc.TicketID = t.TicketID
		}
		got = append(got, *tc)
	}
	return f.apply(ctx, got)
}

// recorded is a ticket's change request as the record holds it.
func recorded(t queries.CancellationTicket) supplier.TicketChange {
	tc := supplier.TicketChange{TicketID: t.TicketID, Status: supplier.ChangeStatus(t.ChangeStatus), CreditNote: t.CreditNote, Remarks: t.Remarks}
	if t.ChangeRequestID != nil {
		tc.ChangeRequestID = *t.ChangeRequestID
	}
	if t.Charge != nil {
		tc.Charge = *t.Charge
	}
	if t.Refunded != nil {
		tc.Refunded = *t.Refunded
	}
	return tc
}

// apply records the supplier's word on the cancellation's tickets and
// moves it: final when every ticket's request is.
func (f *follower) apply(ctx context.Context, got []supplier.TicketChange) error {
	err := pgx.BeginFunc(ctx, f.s.pool, func(tx pgx.Tx) error {
		q := f.s.q.WithTx(tx)
		for _, tc := range got {
			if !slices.ContainsFunc(f.tickets, func(t queries.CancellationTicket) bool { return t.TicketID == tc.TicketID }) {
				continue
			}
			var cr *int64
			if tc.ChangeRequestID != 0 {
				cr = &tc.ChangeRequestID
			}
			charge, refunded := tc.Charge, tc.Refunded
			status := int32(min(max(tc.Status, 0), supplier.ChangeOther)) //nolint:gosec // bounded to the statuses, 0 to 8
			if err := q.CancellationTicketRecord(ctx, queries.CancellationTicketRecordParams{CancellationID: f.c.ID, TicketID: tc.TicketID,
				ChangeRequestID: cr, ChangeStatus: status, Charge: &charge, Refunded: &refunded, CreditNote: tc.CreditNote,
				Remarks: tc.Remarks, Live: tc.Status != supplier.ChangeRejected && tc.Status != supplier.ChangeClosed}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if f.tickets, err = f.s.q.CancellationTickets(ctx, f.c.ID); err != nil {
		return err
	}
	done := true
	for _, t := range f.tickets {
		if t.ChangeRequestID == nil || !supplier.ChangeStatus(t.ChangeStatus).Done() {
			done = false
		}
	}
	if !done {
		if f.c.Status == trip.CancelSending {
			_, err := f.move(ctx, f.s.q, trip.ChangeTaken)
			return err
		}
		return nil
	}
	return f.finish(ctx, f.tickets, "")
}

// finish ends the cancellation with the airline's last word: cancelled,
// when at least one ticket was (the refund of what the airline gave back,
// less our fee, is written with it), else refused with the airline's
// reason (reason, or the tickets' remarks). The mail goes in the same
// transaction.
func (f *follower) finish(ctx context.Context, tickets []queries.CancellationTicket, reason string) error {
	var charge, back decimal.Decimal
	cancelled := 0
	for _, t := range tickets {
		if t.ChangeStatus != int32(supplier.ChangeCompleted) {
			if reason == "" && t.Remarks != "" {
				reason = refusalWords(t.Remarks)
			}
			continue
		}
		cancelled++
		if t.Charge != nil {
			charge = charge.Add(*t.Charge)
		}
		if t.Refunded != nil {
			back = back.Add(*t.Refunded)
		}
	}
	ev := trip.ChangeDone
	if cancelled == 0 {
		ev = trip.ChangeRefused
		if reason == "" {
			reason = msgRefusedNoReason
		}
	} else {
		reason = ""
	}
	to, err := trip.NextCancel(f.c.Status, ev)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, f.s.pool, func(tx pgx.Tx) error {
		q := f.s.q.WithTx(tx)
		m, err := checkout.LedgerOf(ctx, q, f.b.ID)
		if err != nil {
			return err
		}
		params := queries.CancellationFinishParams{ID: f.c.ID, Status: to, Failure: reason, FromStatuses: trip.Texts(trip.CancelFrom(ev))}
		var refund decimal.Decimal
		if ev == trip.ChangeDone {
			fee := f.c.Fee
			if cancelled < len(tickets) && len(tickets) > 0 {
				fee = fee.Mul(decimal.NewFromInt(int64(cancelled))).DivRound(decimal.NewFromInt(int64(len(tickets))), 2)
			}
			refund = refundOf(back, fee, left(m))
			params.Charge, params.RefundDue = &charge, &refund
		}
		c, err := q.CancellationFinish(ctx, params)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // finished by an earlier run
		}
		if err != nil {
			return err
		}
		if ev == trip.ChangeRefused {
			if err := q.CancellationTicketsRelease(ctx, c.ID); err != nil {
				return err
			}
		}
		note := fmt.Sprintf("cancellation %s %s", c.ID, c.Status)
		if ev == trip.ChangeDone {
			note += fmt.Sprintf(": %d ticket(s), airline charge %s, refund %s", cancelled, charge, refund)
		}
		if err := q.BookingEventAdd(ctx, queries.BookingEventAddParams{BookingID: f.b.ID, FromStatus: f.b.Status, ToStatus: f.b.Status, Note: note}); err != nil {
			return err
		}
		if err := f.s.announceCancellation(ctx, tx, f.b, c); err != nil {
			return err
		}
		f.c = c
		if err := f.s.issueCreditNote(ctx, tx, f.b, c, refund); err != nil {
			return err
		}
		return f.s.payments.checkout.RefundForCancellation(ctx, tx, f.b.ID, f.b.UserID, c.ID, checkout.Paise(refund),
			"Cancellation "+strings.ToUpper(c.ID.String()[:8]))
	})
}

// refusalWords is the airline's reason for a refusal, in plain words for
// the traveller.
func refusalWords(remarks string) string {
	r := strings.TrimSpace(remarks)
	low := strings.ToLower(r)
	switch {
	case strings.Contains(low, "non-refundable") || strings.Contains(low, "non refundable"):
		return "The fare is non-refundable, so the airline does not cancel it for a refund. Your tickets are unchanged."
	case strings.Contains(low, "departed") || strings.Contains(low, "past") || strings.Contains(low, "no-show"):
		return "The flight has already left, so the airline no longer cancels this ticket. Your tickets are unchanged."
	case r == "":
		return msgRefusedNoReason
	}
	return "The airline refused the cancellation: " + strings.TrimSuffix(r, ".") + ". Your tickets are unchanged."
}

// announceCancellation writes, in tx, the traveller's message about c as
// it now stands: requested, cancelled or refused. Each is written with the
// move it announces, which happens once (compare-and-set), so none is
// written twice.
func (s *Bookings) announceCancellation(ctx context.Context, tx pgx.Tx, b queries.Booking, c queries.Cancellation) error {
	if s.mail.Templates == nil {
		return nil
	}
	q := s.q.WithTx(tx)
	u, err := q.UserGet(ctx, b.UserID)
	if err != nil {
		return err
	}
	tickets, err := q.CancellationTickets(ctx, c.ID)
	if err != nil {
		return err
	}
	m, err := checkout.LedgerOf(ctx, q, b.ID)
	if err != nil {
		return err
	}
	mc := mailtmpl.Cancellation{Reference: strings.ToUpper(c.ID.String()[:8]), Whole: c.Whole, Fee: mailtmpl.Money(c.Fee, c.Currency),
		Charge: mailtmpl.Money(c.QuotedCharge, c.Currency), Refund: mailtmpl.Money(c.QuotedRefund, c.Currency), RefundTo: refundTo(m),
		RefundBy: s.now().In(indiatime.Zone).AddDate(0, 0, RefundDays).Format("2 Jan 2006"), Reason: c.Failure}
	if c.Charge != nil {
		mc.Charge = mailtmpl.Money(*c.Charge, c.Currency)
	}
	if c.RefundDue != nil {
		mc.Refund = mailtmpl.Money(*c.RefundDue, c.Currency)
	}
	for _, t := range tickets {
		if c.Status != trip.CancelDone || t.ChangeStatus == int32(supplier.ChangeCompleted) {
			mc.Travellers = append(mc.Travellers, t.Name)
		}
	}
	for _, t := range ticketsOf(b) {
		if !slices.Contains(mc.Travellers, t.Name) {
			mc.Staying = append(mc.Staying, t.Name)
		}
	}
	to, name, tr := mail.Address{Name: u.FullName, Address: u.Email}, mailtmpl.Greeting(u.FullName, u.Email), tripOf(b)
	var msg outbox.Message
	switch c.Status {
	case trip.CancelRequested:
		msg, err = s.mail.Templates.CancellationRequested(to, name, tr, mc)
	case trip.CancelDone:
		msg, err = s.mail.Templates.CancellationDone(to, name, tr, mc)
	case trip.CancelRefused:
		msg, err = s.mail.Templates.CancellationRefused(to, name, tr, mc)
	default:
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.mail.Queue.Enqueue(ctx, tx, msg)
	return err
}

// announceRefund writes, in tx, the traveller's message that a
// cancellation's refund is processed.
func (s *Bookings) announceRefund(ctx context.Context, tx pgx.Tx, r queries.Refund) error {
	if s.mail.Templates == nil {
		return nil
	}
	q := s.q.WithTx(tx)
	b, err := q.BookingGetByID(ctx, r.BookingID)
	if err != nil {
		return err
	}
	u, err := q.UserGet(ctx, b.UserID)
	if err != nil {
		return err
	}
	m, err := checkout.LedgerOf(ctx, q, b.ID)
	if err != nil {
		return err
	}
	to, name := mail.Address{Name: u.FullName, Address: u.Email}, mailtmpl.Greeting(u.FullName, u.Email)
	msg, err := s.mail.Templates.RefundDone(to, name, tripOf(b), mailtmpl.Refund{Amount: mailtmpl.Money(checkout.Rupees(r.Amount), b.Currency),
		To: refundTo(m), Reference: derefOr(r.RefundID)})
	if err != nil {
		return err
	}
	_, err = s.mail.Queue.Enqueue(ctx, tx, msg)
	return err
}

// OnRefunded is told, in the transaction that records it, that a refund
// ended; a processed refund of a cancellation is announced to the
// traveller.
func (s *Bookings) OnRefunded(ctx context.Context, tx pgx.Tx, r queries.Refund) error {
	if r.CancellationID == nil || r.Status != trip.RefundProcessed {
		return nil
	}
	return s.announceRefund(ctx, tx, r)
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// How long the drill waits, once its runs are over, for the server's
// background work to settle what the faults left open. That work is all
// jobs in the queue (internal/jobs), and the times below are theirs:
//
//   - The lease sweep runs every 2 s on the elected leader; a killed
//     replica's heartbeat lapses within 3 s, and its bookings in flight are
//     then swept to unknown, each with its reconcile job, due at once.
//   - The leader is whichever replica holds River's term: when the killed
//     API was the leader (a case with one replica), its successor, the
//     restarted API, takes office when the dead one's term lapses, up to
//     15 s after the kill. The sweep, the rescuer and River's scheduler
//     wait for it.
//   - A reconcile job asks the supplier at once, then, while the answer
//     proves nothing, snoozes 5 s doubling. A booking the supplier never
//     received is settled as not made at the first question asked
//     BOOKING_GIVE_UP_AFTER (15 s) after it became unknown: the third, 15
//     to 25 s on.
//   - A paid booking is settled (ticketed, or refunded if it ended) by a
//     job written when the payment is recorded: at once, not after a wait.
//   - A refund is asked for by a job written with it, at once; the gateway
//     simulator processes it 2 s later and sends no webhook, so the job
//     reads it back as processed after its first snooze, 30 s.
//   - A job whose process was killed stays running until the leader's
//     rescuer takes it back: the rescuer runs when the leader takes office
//     and every 30 s after, and takes back a job that started
//     JOBS_RESCUE_AFTER (10 s here, see NewStage) ago or more. It may thus
//     miss the job once: up to about 40 s after the kill. The job is then
//     retried after River's back-off, about 1 s for a first retry.
//   - Every snoozed or retried job is made due by River's scheduler, which
//     runs every 5 s on the leader.
//   - A cancellation's job (cancellation.follow) sends the change request,
//     then snoozes 5 s, doubling, between questions to the supplier, which
//     completes a request 2 s after it is made (drillCancellations). One
//     killed mid-call is rescued as above; it then asks GetBookingDetails,
//     and sends again only when the supplier shows no change request and
//     the request is older than its deadline (6 s) and
//     BOOKING_GIVE_UP_AFTER (15 s). Its refund is written when it ends.
//
// settleWait bounds the wait for bookings in flight or unknown: a new
// leader (15 s), then the reconciler's third question (25 s), with margin.
// paidWait bounds the wait for paid bookings neither ticketed nor refunded:
// a settle job killed mid-ticket is rescued and due again within about 46 s
// of the kill (40 s, the back-off, the scheduler), then tickets (at most the
// supplier's 6 s) or writes the refund, with margin. refundWait bounds the
// wait for refunds of ours not processed: a refund job killed mid-run is
// due again as soon, about 46 s after the kill; one killed before the
// gateway made the refund asks then, and reads it back processed after its
// 30 s snooze and the scheduler, about 82 s after the kill, with margin;
// a refund written after the runs (a cancellation's, when it ends) is
// given as long from when it was written. cancelWait bounds the wait for
// cancellations not ended: one killed before the supplier made its change
// requests is rescued and due again about 46 s after the kill, sent again
// (the 21 s are past by then), and followed to its end within two
// snoozes, about 60 s after the kill, with margin. Settle returns as soon
// as nothing is open, so the waits are only reached when something is
// wrong.
const (
	settleWait = 60 * time.Second
	paidWait   = 75 * time.Second
	refundWait = 120 * time.Second
	cancelWait = 90 * time.Second
)

// Booking is one booking a case attempts, on its own search: the supplier's
// bookings map to it by TraceId.
type Booking struct {
	// Variant is one of the Variant constants, or the load case's kind.
	Variant string
	// ID is our booking's id once it is made (the one its payment names).
	ID    string
	Trace string
	Index string
	LCC   bool
	// Faulted is the call the fault strikes; Calls every keyed call made.
	Faulted *Call
	Calls   []*Call
	// Refused: the supplier refuses its ticket (refund-kill-9), so the
	// booking ends failed and its payment is refunded.
	Refused bool
	// Tickets are its tickets' ids once ticketed (the cancellation cases).
	Tickets []int64
}

// ends is the status a paid booking whose ticket the server started
// (after its callback) ends in: ticketed, or failed when the supplier
// refused the ticket.
func (b *Booking) ends() string {
	if b.Refused {
		return "failed"
	}
	return "ticketed"
}

// Tally is one row of the table: what a case found.
type Tally struct {
	Case     string
	Runs     int
	Bookings int
	Lost     int
	Doubled  int
	Stuck    int
	Phantom  int
	// UnpaidTicket counts tickets the supplier issued for a booking of
	// ours with no paid order; PaidUndone our bookings with a paid order
	// neither ticketed nor refunded.
	UnpaidTicket int
	PaidUndone   int
	// DoubleRefund counts orders the gateway refunded more than once, or
	// for more than was paid, or with no refund of ours behind it;
	// RefundUndone refunds of ours not processed after refundWait, or
	// processed here with no such refund processed at the gateway.
	DoubleRefund int
	RefundUndone int
	// Cancellations counts the cancellations the case asked for (the API
	// took); the counts after it judge them (judgeCancellations).
	// CancelLost: one not ended cancelled (stuck, refused, missing here, or
	// cancelled here while the supplier has not cancelled its tickets).
	// ChangeDoubled: change requests at the supplier beyond one per ticket
	// a cancellation of ours names. CancelRefundMissing: a cancellation
	// cancelled without its refund due processed at the gateway, or due
	// less than the refund quoted. CancelRefundDoubled: one refunded at
	// the gateway more than once or for more than its refund due (or due
	// more than quoted), or a gateway refund on its booking no refund of
	// ours asked for. RefundMail: "Refund processed" e-mails of a booking
	// beyond (or short of) one per refund of its cancellations processed.
	Cancellations       int
	CancelLost          int
	ChangeDoubled       int
	CancelRefundMissing int
	CancelRefundDoubled int
	RefundMail          int

	Replays   int
	BadReplay int
	MaxReplay time.Duration
	// Details explain every count above zero.
	Details []string

	mu sync.Mutex
}

// Failed reports whether the case found anything wrong.
func (t *Tally) Failed() bool {
	return t.Lost+t.Doubled+t.Stuck+t.Phantom+t.UnpaidTicket+t.PaidUndone+t.DoubleRefund+t.RefundUndone+t.BadReplay+
		t.CancelLost+t.ChangeDoubled+t.CancelRefundMissing+t.CancelRefundDoubled+t.RefundMail > 0 || t.MaxReplay > replayBudget
}

func (t *Tally) note(format string, args ...any) {
	t.Details = append(t.Details, fmt.Sprintf(format, args...))
}

// Replay records the answer to a replayed key: it must come within
// replayBudget, and be the settled booking (200), "pending, do not book
// again" (202), or, for a call the supplier never received, "not made,
// book (or ticket) again" (409).
func (t *Tally) Replay(key string, a Answer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Replays++
	t.MaxReplay = max(t.MaxReplay, a.Took)
	switch {
	case a.Err != nil:
		t.BadReplay++
		if a.TimedOut {
			t.note("replay %s hung: no answer in %s", key, replayTimeout)
		} else {
			t.note("replay %s: %s", key, a)
		}
	case a.Status == http.StatusConflict && (bytes.Contains(a.Body, []byte("The ticket was not issued.")) ||
		bytes.Contains(a.Body, []byte("The booking was not made."))):
	case a.Status != http.StatusOK && a.Status != http.StatusAccepted:
		t.BadReplay++
		t.note("replay %s: %s", key, a)
	case a.Took > replayBudget:
		t.note("replay %s took %s: %s", key, a.Took.Round(time.Millisecond), a)
	}
}

// ReplayView records the answer to a look at our booking id whose ticket
// the server started after its payment (GET /me/bookings/{id}): it must
// come within replayBudget with the booking in the status it ends in
// (Booking.ends). A ticket still being issued may also be in flight or
// unknown while it is settled; a refused one was settled (failed, refund
// written) before the fault struck, so nothing else will do. Anything else
// (an error, a booking back to booked or quoted, failed when it was to be
// ticketed) is a bad replay.
func (t *Tally) ReplayView(id, ends string, a Answer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Replays++
	t.MaxReplay = max(t.MaxReplay, a.Took)
	status := a.Outcome().Booking.Status
	settling := ends == "ticketed" && inFlight(status)
	switch {
	case a.Err != nil:
		t.BadReplay++
		if a.TimedOut {
			t.note("look at booking %s hung: no answer in %s", id, replayTimeout)
		} else {
			t.note("look at booking %s: %s", id, a)
		}
	case a.Status != http.StatusOK || (status != ends && !settling):
		t.BadReplay++
		t.note("look at paid booking %s (to be %s): %s", id, ends, a)
	case a.Took > replayBudget:
		t.note("look at booking %s took %s: %s", id, a.Took.Round(time.Millisecond), a)
	}
}

// row is our booking as the database holds it, with its payments.
type row struct {
	Trace, Status string
	SupplierID    *int64
	// Paid: the booking has a paid order. Unrefunded: one of its paid
	// orders has no refund.
	Paid, Unrefunded bool
}

// ourBookings reads every booking of the stage's database, and whether
// its orders were paid and refunded (internal/store/migrations/0012).
func (st *Stage) ourBookings(ctx context.Context) ([]row, error) {
	rows, err := st.DB.Query(ctx, `SELECT b.trace_id, b.status, b.supplier_booking_id,
		EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'paid'),
		EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'paid'
			AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id))
		FROM bookings b`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.Trace, &r.Status, &r.SupplierID, &r.Paid, &r.Unrefunded); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// refundRow is a refund of ours, with the order it refunds.
type refundRow struct {
	Trace, Status string
	// RefundID is the gateway's refund, once the gateway took it.
	RefundID *string
	OrderID  string
	// ID is ours (the gateway's receipt is made of it, see receiptOf);
	// BookingID the booking it refunds; CancellationID the cancellation
	// it refunds, if any (a whole refund has none).
	ID, BookingID  string
	CancellationID *string
	// Amount is in paise.
	Amount    int64
	CreatedAt time.Time
}

// receiptOf is the receipt under which the gateway is asked for our
// refund id (internal/payment/checkout's refundReceipt): a refund whose
// answer was lost is found by it.
func receiptOf(id string) string { return "rf_" + strings.ReplaceAll(id, "-", "") }

// ourRefunds reads every refund of the stage's database, with its order
// and booking.
func (st *Stage) ourRefunds(ctx context.Context) ([]refundRow, error) {
	rows, err := st.DB.Query(ctx, `SELECT b.trace_id, r.status, r.refund_id, p.order_id, r.id::text, r.booking_id::text,
			r.cancellation_id::text, r.amount, r.created_at
		FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = r.booking_id
		ORDER BY r.created_at`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []refundRow
	for rows.Next() {
		var r refundRow
		if err := rows.Scan(&r.Trace, &r.Status, &r.RefundID, &r.OrderID, &r.ID, &r.BookingID, &r.CancellationID, &r.Amount,
			&r.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// cancelRow is a cancellation of ours, with its booking and its tickets.
type cancelRow struct {
	ID, BookingID, Trace, Status string
	// Quoted is the refund the traveller confirmed, Due the refund due
	// once cancelled; in paise.
	Quoted int64
	Due    *int64
	// SupplierID is the booking's at the supplier.
	SupplierID *int64
	Tickets    []int64
}

// ourCancellations reads every cancellation of the stage's database, with
// its booking and tickets.
func (st *Stage) ourCancellations(ctx context.Context) ([]cancelRow, error) {
	rows, err := st.DB.Query(ctx, `SELECT c.id::text, c.booking_id::text, b.trace_id, c.status, (c.quoted_refund * 100)::bigint,
			(c.refund_due * 100)::bigint, b.supplier_booking_id,
			COALESCE(array_agg(t.ticket_id ORDER BY t.ticket_id) FILTER (WHERE t.ticket_id IS NOT NULL), '{}')
		FROM cancellations c JOIN bookings b ON b.id = c.booking_id LEFT JOIN cancellation_tickets t ON t.cancellation_id = c.id
		GROUP BY c.id, b.id ORDER BY c.created_at`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []cancelRow
	for rows.Next() {
		var c cancelRow
		if err := rows.Scan(&c.ID, &c.BookingID, &c.Trace, &c.Status, &c.Quoted, &c.Due, &c.SupplierID, &c.Tickets); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// refundMails reads the text of every "Refund processed" e-mail
// (outbox.KindRefundDone); each links to its booking.
func (st *Stage) refundMails(ctx context.Context) ([]string, error) {
	rows, err := st.DB.Query(ctx, `SELECT text_body FROM outbox_messages WHERE kind = 'refund_done'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, err
		}
		out = append(out, body)
	}
	return out, rows.Err()
}

// cancelOpen reports whether a cancellation is still to end.
func cancelOpen(status string) bool {
	return status == "requested" || status == "sending" || status == "with_airline"
}

// refundOpen reports whether the gateway's last word on r is still to
// come: it is requested (the gateway not yet asked, or its answer lost) or
// pending.
func refundOpen(r refundRow) bool { return r.Status == "requested" || r.Status == "pending" }

func inFlight(status string) bool {
	return status == "booking" || status == "ticketing" || status == "unknown"
}

// paidUndone reports whether r holds money for nothing yet: a paid order
// neither ticketed nor refunded.
func paidUndone(r row) bool { return r.Unrefunded && r.Status != "ticketed" }

// Settle waits up to settleWait for none of our bookings to be in flight
// (booking, ticketing) or unknown, up to paidWait for every paid one to be
// ticketed or refunded, up to cancelWait for every cancellation to end,
// and up to refundWait (from when it was written, if later) for every
// refund to be processed (or failed).
func (st *Stage) Settle(ctx context.Context) error {
	start := time.Now()
	for {
		rows, err := st.ourBookings(ctx)
		var refunds []refundRow
		var cancels []cancelRow
		if err == nil {
			refunds, err = st.ourRefunds(ctx)
		}
		if err == nil {
			cancels, err = st.ourCancellations(ctx)
		}
		if err == nil {
			busy, paid := 0, 0
			for _, r := range rows {
				if inFlight(r.Status) {
					busy++
				}
				if paidUndone(r) {
					paid++
				}
			}
			open := 0
			for _, r := range refunds {
				if refundOpen(r) && time.Since(later(start, r.CreatedAt)) <= refundWait {
					open++
				}
			}
			cancelling := 0
			for _, c := range cancels {
				if cancelOpen(c.Status) {
					cancelling++
				}
			}
			waited := time.Since(start)
			if (busy == 0 || waited > settleWait) && (paid == 0 || waited > paidWait) && open == 0 &&
				(cancelling == 0 || waited > cancelWait) {
				return nil
			}
		} else if time.Since(start) > refundWait {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// Compare sets the lost, doubled, stuck, phantom, unpaid-ticket and
// paid-undone counts from our database and the supplier's own list, and
// the double-refund and refund-undone counts from our refunds and the
// gateway's own orders, for the bookings the case made.
//
//   - doubled: more than one supplier booking for one TraceId (one key);
//   - lost: a supplier booking we do not hold as booked or ticketed under its
//     BookingId, or hold as booked when the supplier ticketed it (or the
//     reverse), or hold although the supplier released it;
//   - stuck: ours still booking, ticketing or unknown;
//   - phantom: ours booked or ticketed under a BookingId the supplier does
//     not have;
//   - unpaid ticket: a ticket the supplier issued whose booking of ours
//     (same TraceId) has no paid order;
//   - paid not done: ours with a paid order neither ticketed nor refunded;
//   - double refund: an order the gateway refunded more than once, or for
//     more than its payments, or refunded with no refund of ours (a refund
//     is written before the gateway is asked, so none is made without
//     one);
//   - refund undone: a refund of ours not processed, or processed here as
//     a gateway refund the order does not have, or has not processed.
//
// Every case can refund (a refused ticket, a ticket settled as not
// issued), so every case is judged on both. The cancellations the case
// asked for (cancels), with our cancellations, their refunds and
// e-mails, the supplier's change requests and the gateway's refunds, are
// judged by judgeCancellations; the gateway's refunds on the orders of a
// booking with cancellations are theirs to judge, not judgeRefunds'.
func (st *Stage) Compare(ctx context.Context, t *Tally, bookings []*Booking, cancels []*Cancellation) error {
	ours, err := st.ourBookings(ctx)
	if err != nil {
		return fmt.Errorf("read bookings: %w", err)
	}
	refunds, err := st.ourRefunds(ctx)
	if err != nil {
		return fmt.Errorf("read refunds: %w", err)
	}
	theirs, err := st.Sim.Bookings(ctx)
	if err != nil {
		return err
	}
	orders, err := st.Gateway.Orders(ctx)
	if err != nil {
		return err
	}
	cancellations, err := st.ourCancellations(ctx)
	if err != nil {
		return fmt.Errorf("read cancellations: %w", err)
	}
	mails, err := st.refundMails(ctx)
	if err != nil {
		return fmt.Errorf("read e-mails: %w", err)
	}
	variant := map[string]string{}
	for _, b := range bookings {
		variant[b.Trace] = b.Variant
	}
	asked := make([]string, len(cancels))
	for i, c := range cancels {
		asked[i] = c.ID
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Bookings = len(bookings)
	t.judge(ours, theirs, variant)
	owned := t.judgeCancellations(asked, cancellations, theirs, refunds, orders, mails, variant)
	t.judgeRefunds(refunds, ownedOut(orders, owned), variant)
	return nil
}

// ownedOut is orders without the gateway refunds the cancellation verdict
// judged (owned, by id).
func ownedOut(orders []rzpsim.OrderRecord, owned map[string]bool) []rzpsim.OrderRecord {
	if len(owned) == 0 {
		return orders
	}
	out := make([]rzpsim.OrderRecord, len(orders))
	for i, o := range orders {
		out[i] = o
		out[i].Refunds = nil
		for _, rf := range o.Refunds {
			if !owned[rf.ID] {
				out[i].Refunds = append(out[i].Refunds, rf)
			}
		}
	}
	return out
}

// judgeCancellations counts what is wrong with the cancellations: those
// the case asked for (asked, by id, each taken by the API with a 202),
// ours, the supplier's change requests (theirs), our refunds, the
// gateway's orders and the "Refund processed" e-mails. variant names a
// booking's kind by TraceId. It returns the gateway refunds it judged (on
// the orders of a booking with cancellations, but those of a whole refund
// of ours), which judgeRefunds then leaves alone.
//
//   - cancellation lost: one asked for and not in our table; one of ours
//     still requested, sending or with the airline (after cancelWait), or
//     refused (the drill cancels refundable fares hours before they
//     leave: the airline refuses none); one cancelled while a ticket of it
//     has no change request completed at the supplier;
//   - change request doubled: a ticket with more than one change request
//     at the supplier (each beyond the first), or with one no cancellation
//     of ours names;
//   - cancellation refund missing: a cancelled one whose refund due (more
//     than nothing) is not refunded in full by refunds of ours processed,
//     each made once at the gateway and processed there; or whose refund
//     due is less than the refund quoted;
//   - cancellation refund doubled: a cancelled one whose refunds of ours,
//     or their refunds at the gateway, add up to more than its refund due,
//     or with more than one gateway refund for one refund of ours; whose
//     refund due is more than quoted; or a gateway refund on its booking's
//     orders no refund of ours asked for;
//   - refund mail: a booking with cancellations whose "Refund processed"
//     e-mails are not one per refund of its cancellations processed.
func (t *Tally) judgeCancellations(asked []string, ours []cancelRow, theirs []sim.BookingInfo, refunds []refundRow,
	orders []rzpsim.OrderRecord, mails []string, variant map[string]string) (owned map[string]bool) {
	t.Cancellations = len(asked)
	owned = map[string]bool{}
	if len(ours) == 0 && len(asked) == 0 {
		return owned
	}
	byID := map[string]cancelRow{}
	for _, c := range ours {
		byID[c.ID] = c
	}
	for _, id := range asked {
		if _, ok := byID[id]; !ok {
			t.CancelLost++
			t.note("cancellation lost: %s was taken (202) and is not in our table", id)
		}
	}
	atSupplier := map[int64]sim.BookingInfo{}
	for _, s := range theirs {
		atSupplier[int64(s.BookingID)] = s
	}
	// The gateway's refunds by order, and the booking of each order of ours.
	gateway := map[string][]rzpsim.Refund{}
	for _, o := range orders {
		gateway[o.Order.ID] = o.Refunds
	}
	orderBooking := map[string]string{}
	for _, r := range refunds {
		orderBooking[r.OrderID] = r.BookingID
	}
	for _, o := range orders {
		if b := o.Order.Notes["booking"]; b != "" && orderBooking[o.Order.ID] == "" {
			orderBooking[o.Order.ID] = b
		}
		if o.Order.Receipt != nil && orderBooking[o.Order.ID] == "" {
			orderBooking[o.Order.ID] = *o.Order.Receipt
		}
	}
	// matches reports whether the gateway's refund rf is our refund r.
	matches := func(r refundRow, rf rzpsim.Refund) bool {
		return (rf.Receipt != nil && *rf.Receipt == receiptOf(r.ID)) || (r.RefundID != nil && *r.RefundID == rf.ID)
	}
	cancelled := map[string]bool{} // bookings with cancellations
	named := map[int64]map[int64]bool{}
	for _, c := range ours {
		cancelled[c.BookingID] = true
		what := fmt.Sprintf("cancellation %s of %s trace %s", c.ID, variant[c.Trace], c.Trace)
		s, held := atSupplier[derefInt(c.SupplierID)]
		if c.SupplierID != nil {
			if named[*c.SupplierID] == nil {
				named[*c.SupplierID] = map[int64]bool{}
			}
			for _, tk := range c.Tickets {
				named[*c.SupplierID][tk] = true
			}
		}
		switch {
		case cancelOpen(c.Status):
			t.CancelLost++
			t.note("cancellation lost: %s still %s after %s", what, c.Status, cancelWait)
			continue
		case c.Status != "cancelled":
			t.CancelLost++
			t.note("cancellation lost: %s ended %s", what, c.Status)
			continue
		}
		for _, tk := range c.Tickets {
			var last *sim.ChangeRequestInfo
			if held {
				for i := range s.ChangeRequests {
					if int64(s.ChangeRequests[i].TicketID) == tk {
						last = &s.ChangeRequests[i]
					}
				}
			}
			if last == nil || last.Status != changeCompleted {
				t.CancelLost++
				status := "none"
				if last != nil {
					status = fmt.Sprintf("change request %d, status %d", last.ChangeRequestID, last.Status)
				}
				t.note("cancellation lost: %s is cancelled here, the supplier's cancellation of ticket %d is not completed (%s)", what, tk, status)
				break
			}
		}
		due := derefInt(c.Due)
		var mine []refundRow
		var sum int64
		for _, r := range refunds {
			if r.CancellationID != nil && *r.CancellationID == c.ID {
				mine = append(mine, r)
				sum += r.Amount
			}
		}
		var missing, doubled []string
		switch {
		case due < c.Quoted:
			missing = append(missing, fmt.Sprintf("refund due %d paise, quoted %d", due, c.Quoted))
		case due > c.Quoted:
			doubled = append(doubled, fmt.Sprintf("refund due %d paise, quoted %d", due, c.Quoted))
		}
		switch {
		case sum < due:
			missing = append(missing, fmt.Sprintf("refunds of ours for %d of its %d paise due", sum, due))
		case sum > due:
			doubled = append(doubled, fmt.Sprintf("refunds of ours for %d paise, %d due", sum, due))
		}
		var made int64
		for _, r := range mine {
			var got []rzpsim.Refund
			for _, rf := range gateway[r.OrderID] {
				if matches(r, rf) {
					got = append(got, rf)
					owned[rf.ID] = true
					made += rf.Amount
				}
			}
			switch {
			case r.Status != "processed":
				missing = append(missing, fmt.Sprintf("ours %s is %s", r.ID, r.Status))
			case len(got) == 0:
				missing = append(missing, fmt.Sprintf("ours %s is processed as %s, which order %s does not have", r.ID, derefOr(r.RefundID), r.OrderID))
			case got[0].Status != rzpsim.RefundProcessed:
				missing = append(missing, fmt.Sprintf("ours %s is processed, the gateway's %s is %s", r.ID, got[0].ID, got[0].Status))
			}
			if len(got) > 1 {
				doubled = append(doubled, fmt.Sprintf("ours %s made %d times at the gateway", r.ID, len(got)))
			}
		}
		if made > due {
			doubled = append(doubled, fmt.Sprintf("%d paise refunded at the gateway, %d due", made, due))
		}
		if len(missing) > 0 {
			t.CancelRefundMissing++
			t.note("cancellation refund missing: %s: %s", what, strings.Join(missing, "; "))
		}
		if len(doubled) > 0 {
			t.CancelRefundDoubled++
			t.note("cancellation refund doubled: %s: %s", what, strings.Join(doubled, "; "))
		}
	}
	// Change requests beyond one per ticket a cancellation of ours names.
	for _, s := range theirs {
		if len(s.ChangeRequests) == 0 {
			continue
		}
		per := map[int]int{}
		for _, cr := range s.ChangeRequests {
			per[cr.TicketID]++
		}
		tks := make([]int, 0, len(per))
		for tk := range per {
			tks = append(tks, tk)
		}
		sort.Ints(tks)
		for _, tk := range tks {
			n := per[tk]
			switch {
			case !named[int64(s.BookingID)][int64(tk)]:
				t.ChangeDoubled += n
				t.note("change request doubled: %d change request(s) for ticket %d of supplier booking %d (%s), which no cancellation of ours names",
					n, tk, s.BookingID, variant[s.TraceID])
			case n > 1:
				t.ChangeDoubled += n - 1
				t.note("change request doubled: %d change requests for ticket %d of supplier booking %d (%s)", n, tk, s.BookingID, variant[s.TraceID])
			}
		}
	}
	// Gateway refunds on the orders of a booking with cancellations that no
	// refund of ours asked for.
	whole := map[string]bool{}
	for _, r := range refunds {
		if r.CancellationID == nil {
			for _, rf := range gateway[r.OrderID] {
				if matches(r, rf) {
					whole[rf.ID] = true
				}
			}
		}
	}
	for _, o := range orders {
		if !cancelled[orderBooking[o.Order.ID]] {
			continue
		}
		for _, rf := range o.Refunds {
			if owned[rf.ID] || whole[rf.ID] {
				continue
			}
			owned[rf.ID] = true
			t.CancelRefundDoubled++
			t.note("cancellation refund doubled: order %s (booking %s) was refunded at the gateway (%s, %d paise) with no refund of ours",
				o.Order.ID, orderBooking[o.Order.ID], rf.ID, rf.Amount)
		}
	}
	// One "Refund processed" e-mail per refund of a cancellation processed.
	processed := map[string]int{}
	for _, r := range refunds {
		if r.CancellationID != nil && r.Status == "processed" {
			processed[r.BookingID]++
		}
	}
	bookings := make([]string, 0, len(cancelled))
	for b := range cancelled {
		bookings = append(bookings, b)
	}
	sort.Strings(bookings)
	for _, b := range bookings {
		sent := 0
		for _, m := range mails {
			if strings.Contains(m, b) {
				sent++
			}
		}
		if sent != processed[b] {
			t.RefundMail += max(sent-processed[b], processed[b]-sent)
			t.note("refund mail: booking %s has %d \"Refund processed\" e-mail(s) for %d refund(s) of its cancellations processed", b,
				sent, processed[b])
		}
	}
	return owned
}

// changeCompleted is the supplier's ChangeRequestStatus of a completed
// change request: the ticket cancelled.
const changeCompleted = 4

func derefInt(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// judge counts what is wrong between our bookings and the supplier's; see
// Compare. variant names a booking's kind by TraceId, for the details.
func (t *Tally) judge(ours []row, theirs []sim.BookingInfo, variant map[string]string) {
	byTrace := map[string][]sim.BookingInfo{}
	byID := map[int64]sim.BookingInfo{}
	for _, s := range theirs {
		byTrace[s.TraceID] = append(byTrace[s.TraceID], s)
		byID[int64(s.BookingID)] = s
	}
	traces := make([]string, 0, len(byTrace))
	for tr := range byTrace {
		traces = append(traces, tr)
	}
	sort.Strings(traces)
	for _, tr := range traces {
		if n := len(byTrace[tr]); n > 1 {
			t.Doubled += n - 1
			t.note("doubled: %d supplier bookings for %s trace %s", n, variant[tr], tr)
		}
	}
	held := map[int64]row{}
	for _, r := range ours {
		if r.SupplierID != nil && (r.Status == "booked" || r.Status == "ticketed") {
			held[*r.SupplierID] = r
		}
	}
	for _, s := range theirs {
		r, ok := held[int64(s.BookingID)]
		want := "booked"
		if s.Ticketed {
			want = "ticketed"
		}
		switch {
		case s.Released && !s.Ticketed:
			// Given up at the supplier (a ticket refused after payment, a
			// booking not paid in time): ours must not hold it either.
			if ok {
				t.Lost++
				t.note("lost: supplier booking %d (%s) was released, ours says %s", s.BookingID, variant[s.TraceID], r.Status)
			}
		case !ok:
			t.Lost++
			t.note("lost: supplier %s booking %d (%s, trace %s) is not booked or ticketed here%s",
				want, s.BookingID, variant[s.TraceID], s.TraceID, ourStatus(ours, s.TraceID))
		case r.Status != want:
			t.Lost++
			t.note("lost: supplier booking %d (%s) is %s, ours says %s", s.BookingID, variant[s.TraceID], want, r.Status)
		}
	}
	paid := map[string]bool{}
	for _, r := range ours {
		paid[r.Trace] = paid[r.Trace] || r.Paid
	}
	for _, s := range theirs {
		if s.Ticketed && !paid[s.TraceID] {
			t.UnpaidTicket++
			t.note("unpaid ticket: supplier booking %d (%s, trace %s) is ticketed, with no paid order here%s",
				s.BookingID, variant[s.TraceID], s.TraceID, ourStatus(ours, s.TraceID))
		}
	}
	for _, r := range ours {
		if paidUndone(r) {
			t.PaidUndone++
			t.note("paid not done: ours for %s trace %s is %s with a paid order, not refunded, after %s",
				variant[r.Trace], r.Trace, r.Status, paidWait)
		}
		switch {
		case inFlight(r.Status):
			t.Stuck++
			t.note("stuck: ours for %s trace %s still %s after %s", variant[r.Trace], r.Trace, r.Status, settleWait)
		case r.SupplierID != nil && (r.Status == "booked" || r.Status == "ticketed"):
			if _, ok := byID[*r.SupplierID]; !ok {
				t.Phantom++
				t.note("phantom: ours %s as booking %d, which the supplier does not have", r.Status, *r.SupplierID)
			}
		}
	}
}

// judgeRefunds counts what is wrong between our refunds and the gateway's
// orders; see Compare. variant names a booking's kind by TraceId.
func (t *Tally) judgeRefunds(ours []refundRow, orders []rzpsim.OrderRecord, variant map[string]string) {
	// An order has one whole refund of ours at most: its whole amount.
	// Refunds of cancellations, and the gateway's refunds on the orders
	// of their bookings, are judgeCancellations'.
	ours = slices.DeleteFunc(slices.Clone(ours), func(r refundRow) bool { return r.CancellationID != nil })
	mine := map[string]refundRow{}
	for _, r := range ours {
		mine[r.OrderID] = r
	}
	// The gateway's refunds by order and id: a refund of ours must be on
	// the order it refunds.
	type key struct{ order, refund string }
	theirs := map[key]rzpsim.Refund{}
	for _, o := range orders {
		var paid, refunded int64
		for _, p := range o.Payments {
			if p.Captured {
				paid += p.Amount
			}
		}
		for _, rf := range o.Refunds {
			refunded += rf.Amount
			theirs[key{o.Order.ID, rf.ID}] = rf
		}
		r, ok := mine[o.Order.ID]
		what := fmt.Sprintf("order %s (booking %s)", o.Order.ID, o.Order.Notes["booking"])
		if ok {
			what = fmt.Sprintf("order %s (%s trace %s)", o.Order.ID, variant[r.Trace], r.Trace)
		}
		switch {
		case len(o.Refunds) > 1 || refunded > paid:
			t.DoubleRefund++
			t.note("double refund: %s paid %d paise and was refunded %d times, %d paise in all", what, paid, len(o.Refunds), refunded)
		case len(o.Refunds) == 1 && !ok:
			t.DoubleRefund++
			t.note("double refund: %s was refunded at the gateway (%s, %d paise) with no refund of ours", what,
				o.Refunds[0].ID, o.Refunds[0].Amount)
		}
	}
	for _, r := range ours {
		what := fmt.Sprintf("ours for %s trace %s (order %s)", variant[r.Trace], r.Trace, r.OrderID)
		var rf rzpsim.Refund
		found := false
		if r.RefundID != nil {
			rf, found = theirs[key{r.OrderID, *r.RefundID}]
		}
		switch {
		case r.Status != "processed":
			t.RefundUndone++
			t.note("refund undone: %s is %s after %s", what, r.Status, refundWait)
		case !found:
			t.RefundUndone++
			t.note("refund undone: %s is processed as gateway refund %s, which the order does not have", what, derefOr(r.RefundID))
		case rf.Status != rzpsim.RefundProcessed:
			t.RefundUndone++
			t.note("refund undone: %s is processed, the gateway's refund %s is %s", what, rf.ID, rf.Status)
		}
	}
}

func derefOr(p *string) string {
	if p == nil {
		return "(none)"
	}
	return *p
}

func ourStatus(ours []row, trace string) string {
	var s []string
	for _, r := range ours {
		if r.Trace == trace {
			s = append(s, r.Status)
		}
	}
	if len(s) == 0 {
		return " (no booking of ours)"
	}
	return " (ours: " + strings.Join(s, ", ") + ")"
}

// Table renders the rows as a fixed-width table.
func Table(rows []*Tally) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %5s %8s %5s %8s %6s %8s %11s %12s %11s %14s %5s %9s %7s %12s %11s %9s %8s %12s  %s\n",
		"case", "runs", "bookings", "lost", "doubled", "stuck", "phantom", "unpaid-tkt", "paid-undone", "dbl-refund", "refund-undone",
		"cxl", "cxl-lost", "cr-dbl", "cxl-rf-miss", "cxl-rf-dbl", "mail-dbl", "bad/rep", "max replay", "verdict")
	for _, t := range rows {
		if t == nil {
			continue // not run (filtered out)
		}
		verdict := "ok"
		if t.Failed() {
			verdict = "FAIL"
		}
		fmt.Fprintf(&b, "%-22s %5d %8d %5d %8d %6d %8d %11d %12d %11d %14d %5d %9d %7d %12d %11d %9d %8s %12s  %s\n", t.Case, t.Runs,
			t.Bookings, t.Lost, t.Doubled, t.Stuck, t.Phantom, t.UnpaidTicket, t.PaidUndone, t.DoubleRefund, t.RefundUndone,
			t.Cancellations, t.CancelLost, t.ChangeDoubled, t.CancelRefundMissing, t.CancelRefundDoubled, t.RefundMail,
			fmt.Sprintf("%d/%d", t.BadReplay, t.Replays), t.MaxReplay.Round(10*time.Millisecond), verdict)
	}
	return b.String()
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
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
// 30 s snooze and the scheduler, about 82 s after the kill, with margin.
// Settle returns as soon as nothing is open, so the waits are only reached
// when something is wrong.
const (
	settleWait = 60 * time.Second
	paidWait   = 75 * time.Second
	refundWait = 120 * time.Second
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
	Replays      int
	BadReplay    int
	MaxReplay    time.Duration
	// Details explain every count above zero.
	Details []string

	mu sync.Mutex
}

// Failed reports whether the case found anything wrong.
func (t *Tally) Failed() bool {
	return t.Lost+t.Doubled+t.Stuck+t.Phantom+t.UnpaidTicket+t.PaidUndone+t.DoubleRefund+t.RefundUndone+t.BadReplay > 0 ||
		t.MaxReplay > replayBudget
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
}

// ourRefunds reads every refund of the stage's database, with its order
// and booking.
func (st *Stage) ourRefunds(ctx context.Context) ([]refundRow, error) {
	rows, err := st.DB.Query(ctx, `SELECT b.trace_id, r.status, r.refund_id, p.order_id
		FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = r.booking_id
		ORDER BY r.created_at`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []refundRow
	for rows.Next() {
		var r refundRow
		if err := rows.Scan(&r.Trace, &r.Status, &r.RefundID, &r.OrderID); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
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
// ticketed or refunded, and up to refundWait for every refund to be
// processed (or failed).
func (st *Stage) Settle(ctx context.Context) error {
	start := time.Now()
	for {
		rows, err := st.ourBookings(ctx)
		var refunds []refundRow
		if err == nil {
			refunds, err = st.ourRefunds(ctx)
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
				if refundOpen(r) {
					open++
				}
			}
			waited := time.Since(start)
			if (busy == 0 || waited > settleWait) && (paid == 0 || waited > paidWait) && (open == 0 || waited > refundWait) {
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
// issued), so every case is judged on both.
func (st *Stage) Compare(ctx context.Context, t *Tally, bookings []*Booking) error {
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
	variant := map[string]string{}
	for _, b := range bookings {
		variant[b.Trace] = b.Variant
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Bookings = len(bookings)
	t.judge(ours, theirs, variant)
	t.judgeRefunds(refunds, orders, variant)
	return nil
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
	// An order has one refund of ours at most (refunds.payment_id is
	// unique): its whole amount.
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
	fmt.Fprintf(&b, "%-22s %5s %8s %5s %8s %6s %8s %11s %12s %11s %14s %8s %12s  %s\n",
		"case", "runs", "bookings", "lost", "doubled", "stuck", "phantom", "unpaid-tkt", "paid-undone", "dbl-refund", "refund-undone",
		"bad/rep", "max replay", "verdict")
	for _, t := range rows {
		if t == nil {
			continue // not run (filtered out)
		}
		verdict := "ok"
		if t.Failed() {
			verdict = "FAIL"
		}
		fmt.Fprintf(&b, "%-22s %5d %8d %5d %8d %6d %8d %11d %12d %11d %14d %8s %12s  %s\n", t.Case, t.Runs, t.Bookings, t.Lost,
			t.Doubled, t.Stuck, t.Phantom, t.UnpaidTicket, t.PaidUndone, t.DoubleRefund, t.RefundUndone,
			fmt.Sprintf("%d/%d", t.BadReplay, t.Replays), t.MaxReplay.Round(10*time.Millisecond), verdict)
	}
	return b.String()
}

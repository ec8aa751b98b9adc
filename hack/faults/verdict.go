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

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// settleWait bounds the wait for the sweep of a dead replica's bookings
// (about 10 s) and a reconciler pass (every 5 s) after it, with margin.
// paidWait bounds the wait for paid bookings not ticketed yet: the
// server's background settle takes up a paid booking left alone for 30 s
// (a ticket request or callback that died before its supplier call), in
// rounds 5 s apart, and tickets (or refunds) it.
const (
	settleWait = 45 * time.Second
	paidWait   = 60 * time.Second
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
	Replays      int
	BadReplay    int
	MaxReplay    time.Duration
	// Details explain every count above zero.
	Details []string

	mu sync.Mutex
}

// Failed reports whether the case found anything wrong.
func (t *Tally) Failed() bool {
	return t.Lost+t.Doubled+t.Stuck+t.Phantom+t.UnpaidTicket+t.PaidUndone+t.BadReplay > 0 || t.MaxReplay > replayBudget
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
// come within replayBudget with the booking ticketed, or still in flight
// or unknown while it is settled. Anything else (an error, a booking back
// to booked or quoted, failed) is a bad replay.
func (t *Tally) ReplayView(id string, a Answer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.Replays++
	t.MaxReplay = max(t.MaxReplay, a.Took)
	status := a.Outcome().Booking.Status
	switch {
	case a.Err != nil:
		t.BadReplay++
		if a.TimedOut {
			t.note("look at booking %s hung: no answer in %s", id, replayTimeout)
		} else {
			t.note("look at booking %s: %s", id, a)
		}
	case a.Status != http.StatusOK || (status != "ticketed" && !inFlight(status)):
		t.BadReplay++
		t.note("look at paid booking %s: %s", id, a)
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

func inFlight(status string) bool {
	return status == "booking" || status == "ticketing" || status == "unknown"
}

// paidUndone reports whether r holds money for nothing yet: a paid order
// neither ticketed nor refunded.
func paidUndone(r row) bool { return r.Unrefunded && r.Status != "ticketed" }

// Settle waits up to settleWait for none of our bookings to be in flight
// (booking, ticketing) or unknown, and up to paidWait for every paid one to
// be ticketed or refunded.
func (st *Stage) Settle(ctx context.Context) error {
	start := time.Now()
	for {
		rows, err := st.ourBookings(ctx)
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
			waited := time.Since(start)
			if (busy == 0 || waited > settleWait) && (paid == 0 || waited > paidWait) {
				return nil
			}
		} else if time.Since(start) > paidWait {
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
// paid-undone counts from our database and the supplier's own list, for
// the bookings the case made.
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
//   - paid not done: ours with a paid order neither ticketed nor refunded.
func (st *Stage) Compare(ctx context.Context, t *Tally, bookings []*Booking) error {
	ours, err := st.ourBookings(ctx)
	if err != nil {
		return fmt.Errorf("read bookings: %w", err)
	}
	theirs, err := st.Sim.Bookings(ctx)
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
	fmt.Fprintf(&b, "%-22s %5s %8s %5s %8s %6s %8s %11s %12s %8s %12s  %s\n",
		"case", "runs", "bookings", "lost", "doubled", "stuck", "phantom", "unpaid-tkt", "paid-undone", "bad/rep", "max replay", "verdict")
	for _, t := range rows {
		if t == nil {
			continue // not run (filtered out)
		}
		verdict := "ok"
		if t.Failed() {
			verdict = "FAIL"
		}
		fmt.Fprintf(&b, "%-22s %5d %8d %5d %8d %6d %8d %11d %12d %8s %12s  %s\n", t.Case, t.Runs, t.Bookings, t.Lost, t.Doubled,
			t.Stuck, t.Phantom, t.UnpaidTicket, t.PaidUndone, fmt.Sprintf("%d/%d", t.BadReplay, t.Replays),
			t.MaxReplay.Round(10*time.Millisecond), verdict)
	}
	return b.String()
}

// The fault suite: no booking is lost or doubled whatever dies, no ticket
// is issued unpaid, no payment is refunded twice or left unrefunded, and
// no cancellation is lost, sent twice, or refunded twice or not at all.
//
// Every case runs against real parts in child processes: a private
// PostgreSQL cluster, the built paryatan-api (one or two replicas), the
// tbo-sim supplier simulator and the razorpay-sim payment gateway (the
// API's PAYMENTS_FILE points at it; it sends no webhooks, but for the
// refunds of cancel-refund-webhook). In each run a
// case makes three bookings (the callback cases two, see below), each on
// its own search (its own TraceId) and every book and ticket request with
// an Idempotency-Key: a GDS fare to book, a GDS fare booked and paid to
// ticket, and an LCC fare recorded by its book request and paid, to
// ticket. Paying is what a traveller does:
// the order opened through the API, paid on the gateway (its controls
// stand in for the browser); the callback is not posted, so the keyed
// ticket request finds the payment at the gateway itself. The simulator is
// told to do the work of Book and Ticket and then hold the answer (or drop
// it, or send it late); once its control surface (/_sim/bookings) shows
// the work done, the case strikes, then replays every key. At the end it
// compares our bookings table, with its payments, with the simulator's
// list, and our refunds with the gateway's own orders:
//
//   - kill-9: the API dies mid-call and is restarted. A booking the supplier
//     made must still be recorded (the dead instance's bookings swept to
//     unknown and reconciled), and the replayed key must answer at once.
//   - paid-then-kill-9: a GDS fare booked and an LCC fare recorded are paid
//     and the gateway's callback posted (a cross-site form post, no
//     session), which starts the ticket on the server; the API dies while
//     the supplier holds it and is restarted. With no request to repeat,
//     the sweep and the reconciler must finish the tickets; a look at each
//     booking (GET /me/bookings/{id}) must answer at once, ticketed or still
//     being settled.
//   - refund-kill-9: a GDS fare booked and an LCC fare recorded are paid
//     and their callbacks posted; the supplier refuses the tickets the
//     callbacks start, so each booking ends failed and its refund is
//     written with the job that asks the gateway for it. The API dies while
//     that job is mid-call and is restarted with the gateway answering
//     again: in even runs the gateway has made the refund and holds the
//     answer, so the job run again after its rescue must find it by its
//     receipt and not refund again; in odd runs the gateway holds the job's
//     look-up, before the refund is asked for, so the job run again must
//     make it. Every refund must end processed, once; a look at each
//     booking must answer at once, failed.
//   - sigterm: the API is told to stop mid-call; the drain lets the call
//     finish and be recorded before it exits, and the replay after the
//     restart gets that answer.
//   - client-disconnect: the client goes away mid-call; the booking carries
//     on without it and the replay gets the settled or pending answer.
//   - pg-terminate: every API connection to PostgreSQL is ended mid-call;
//     the outcome is still recorded.
//   - pg-restart: PostgreSQL stops mid-call and comes back after the
//     supplier answered (even runs) or before (odd runs); nothing is lost.
//   - supplier-drop-or-late: the supplier commits and drops the connection
//     (even runs) or answers after the API's 6 s deadline (odd runs); the
//     booking is found out from GetBookingDetails, never booked again.
//   - replica-kill-9: two replicas on one database; the one holding the
//     calls is killed, the key is replayed on the other, which settles the
//     bookings.
//   - load-200: 200 concurrent bookings (half GDS, half LCC; each booked,
//     paid and ticketed) over two replicas; every second or two the one
//     holding book or ticket calls is killed -9 and restarted. Requests
//     that lose their replica, the payment's steps too, are sent again to
//     the other, and every key is replayed after.
//
// The cancellation cases (cancel.go) book, pay and ticket, in each run, a
// GDS and an LCC fare for one adult and one for two adults (GDS in even
// runs, LCC in odd ones), all refundable, then cancel them as a traveller
// does: the charges asked, the cancellation confirmed at the refund shown
// (the second adult only of the two-adult booking). The supplier
// acknowledges a change request at once and completes it 2 s later:
//
//   - cancel-kill-9: the supplier holds SendChangeRequest holdFor, after
//     making the change requests (even runs) or without making them, then
//     hanging up (odd runs); the API is killed while its jobs are in that
//     call, and restarted. The rescued jobs must adopt the change requests
//     made, or send again once sure none was (never both).
//   - cancel-late: the supplier makes the change requests and answers
//     after the API's 6 s changeRequest deadline; the jobs must adopt them.
//   - cancel-refund-lost: the gateway makes each cancellation's refund and
//     holds its answer past the API's deadline, for the rest of the case;
//     the refund's job must find it by its receipt.
//   - cancel-refund-webhook: the gateway's refund webhooks are delivered
//     twice each, refund.processed before refund.created.
//
// After each run the traveller looks at each booking (it must answer at
// once, ticketed). Each cancellation must end cancelled (a cancellation
// lost otherwise), with one change request per ticket at the supplier (a
// change request doubled otherwise), its refund due equal to the refund
// quoted and refunded once at the gateway and processed (a cancellation
// refund missing or doubled otherwise), and one "Refund processed" e-mail
// for it (a refund mail doubled, or missing, otherwise); see
// judgeCancellations.
//
// The API replicas run with JOBS_RESCUE_AFTER=10s, so that a job killed
// mid-run is rescued and run again within the waits below (verdict.go
// explains them). Each case fails on a lost booking (the supplier has it,
// we do not hold it as booked or ticketed under its BookingId), a doubled
// one (two supplier bookings for one key), a stuck one (ours still booking,
// ticketing or unknown 60 s after the runs), a phantom (ours booked under a
// BookingId the supplier lacks), an unpaid ticket (issued by the supplier
// for a booking of ours with no paid order), a paid booking not done (a
// paid order neither ticketed nor refunded 75 s after the runs), a double
// refund (an order the gateway refunded more than once, or for more than
// was paid, or with no refund of ours), a refund undone (a refund of ours
// not processed 120 s after the runs, or processed as a gateway refund the
// order does not have), and a replay that hangs (10 s), answers other than
// 200 or 202, or takes more than 5 s. Every case is judged on refunds: any
// can refund (a refused ticket, a ticket settled as not issued); and on
// cancellations, which only the cancellation cases make (the others
// count none).
package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// only narrows the run to some cases while working on one:
// go test ./hack/faults -args -cases kill-9,sigterm
var only = flag.String("cases", "", "comma-separated names of the cases to run (default: all)")

func TestFaults(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	if err := Traversable(base); err != nil {
		t.Fatal(err)
	}
	w := &World{Dir: base, Logf: t.Logf}
	t.Cleanup(w.Close)
	var err error
	if w.Bin, err = FindBinaries(ctx, os.Getenv("PARYATAN_BIN_DIR"), filepath.Join(base, "bin")); err != nil {
		t.Fatal(err)
	}
	pg, err := w.StartPostgres(ctx, filepath.Join(base, "pg"))
	if err != nil {
		t.Fatal(err)
	}

	defer func(b time.Duration) { replayBudget = b }(replayBudget)
	replayBudget = replayTimeout // the 5 s target is the soak's (see replayBudget)
	start := time.Now()
	cases := append(append(Cases(2), CancelCases(2)...), LoadCase(200, 200, time.Second))
	if *only != "" {
		cases = Pick(cases, *only)
	}
	// The cases run at once, each in a stage of its own (go test would run
	// only GOMAXPROCS parallel subtests at a time), then the load case by
	// itself; each is then reported as a subtest.
	results := RunAll(ctx, w, pg, cases, t.Logf)
	rows := make([]*Tally, len(results))
	for i, r := range results {
		rows[i] = r.Tally
		t.Run(r.Tally.Case, func(t *testing.T) {
			if r.Err != nil {
				t.Errorf("%v", r.Err)
			}
			if tl := r.Tally; tl.Failed() {
				t.Errorf("%d lost, %d doubled, %d stuck, %d phantom, %d unpaid tickets, %d paid not done, %d double refunds, "+
					"%d refunds undone, %d of %d cancellations lost, %d change requests doubled, %d cancellation refunds missing, "+
					"%d doubled, %d refund mails doubled, %d of %d replays bad, slowest replay %s:\n%s",
					tl.Lost, tl.Doubled, tl.Stuck, tl.Phantom, tl.UnpaidTicket, tl.PaidUndone, tl.DoubleRefund, tl.RefundUndone,
					tl.CancelLost, tl.Cancellations, tl.ChangeDoubled, tl.CancelRefundMissing, tl.CancelRefundDoubled, tl.RefundMail,
					tl.BadReplay, tl.Replays, tl.MaxReplay.Round(time.Millisecond), firstLines(tl.Details, 30))
			}
			if r.Logs != "" {
				t.Logf("logs:\n%s", r.Logs)
			}
		})
	}
	t.Logf("wall time %s\n%s", time.Since(start).Round(time.Second), Table(rows))
}

func firstLines(lines []string, n int) string {
	if len(lines) > n {
		lines = append(lines[:n:n], "…")
	}
	return strings.Join(lines, "\n")
}

// The verdict counts each kind of harm once, and only harm: a booking
// recorded as the supplier holds it, and ticketed only once paid, is fine
// whatever path it took.
func TestJudge(t *testing.T) {
	id := func(n int64) *int64 { return &n }
	for _, tc := range []struct {
		name                          string
		ours                          []row
		theirs                        []sim.BookingInfo
		lost, doubled, stuck, phantom int
		unpaid, undone                int
	}{
		{name: "booked and ticketed as the supplier says",
			ours: []row{{Trace: "a", Status: "booked", SupplierID: id(1)}, {Trace: "b", Status: "ticketed", SupplierID: id(2), Paid: true, Unrefunded: true},
				{Trace: "c", Status: "failed"}, {Trace: "d", Status: "quoted"}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}, {BookingID: 2, TraceID: "b", Ticketed: true}}},
		{name: "killed mid-book: the supplier booked, ours never heard",
			ours:   []row{{Trace: "a", Status: "booking"}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}}, lost: 1, stuck: 1},
		{name: "a paid ticket issued that we think is only booked",
			ours:   []row{{Trace: "a", Status: "booked", SupplierID: id(1), Paid: true, Unrefunded: true}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", Ticketed: true}}, lost: 1, undone: 1},
		{name: "declared failed although the supplier booked",
			ours:   []row{{Trace: "a", Status: "failed"}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}}, lost: 1},
		{name: "booked twice for one key",
			ours:   []row{{Trace: "a", Status: "booked", SupplierID: id(1)}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}, {BookingID: 2, TraceID: "a"}}, doubled: 1, lost: 1},
		{name: "unknown with nothing at the supplier",
			ours: []row{{Trace: "a", Status: "unknown"}}, stuck: 1},
		{name: "ours booked under an id the supplier lacks",
			ours: []row{{Trace: "a", Status: "booked", SupplierID: id(9)}}, phantom: 1},
		{name: "a ticket issued for a booking never paid",
			ours:   []row{{Trace: "a", Status: "ticketed", SupplierID: id(1)}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", Ticketed: true}}, unpaid: 1},
		{name: "a ticket issued with no booking of ours",
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", IsLCC: true, Ticketed: true}}, lost: 1, unpaid: 1},
		{name: "paid and left booked",
			ours:   []row{{Trace: "a", Status: "booked", SupplierID: id(1), Paid: true, Unrefunded: true}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}}, undone: 1},
		{name: "paid and still unknown",
			ours:   []row{{Trace: "a", Status: "unknown", Paid: true, Unrefunded: true}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", IsLCC: true, Ticketed: true}}, lost: 1, stuck: 1, undone: 1},
		{name: "paid, the ticket refused: seat released, payment refunded",
			ours:   []row{{Trace: "a", Status: "failed", SupplierID: id(1), Paid: true}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", Released: true}}},
		{name: "paid, the ticket refused, nothing refunded",
			ours:   []row{{Trace: "a", Status: "failed", SupplierID: id(1), Paid: true, Unrefunded: true}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", Released: true}}, undone: 1},
		{name: "ours still booked on a seat the supplier released",
			ours:   []row{{Trace: "a", Status: "booked", SupplierID: id(1)}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", Released: true}}, lost: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tl Tally
			tl.judge(tc.ours, tc.theirs, map[string]string{"a": "GDS book"})
			got := []int{tl.Lost, tl.Doubled, tl.Stuck, tl.Phantom, tl.UnpaidTicket, tl.PaidUndone}
			want := []int{tc.lost, tc.doubled, tc.stuck, tc.phantom, tc.unpaid, tc.undone}
			if !slices.Equal(got, want) {
				t.Fatalf("lost, doubled, stuck, phantom, unpaid tickets, paid not done = %v; want %v\n%s", got, want,
					strings.Join(tl.Details, "\n"))
			}
			n := 0
			for _, c := range want {
				n += c
			}
			if len(tl.Details) != n {
				t.Fatalf("%d details for %d findings", len(tl.Details), n)
			}
			if tl.Failed() != (n > 0) {
				t.Fatalf("Failed() = %v with %d findings", tl.Failed(), n)
			}
		})
	}

	// A replay must answer 200 or 202 within 5 s.
	var tl Tally
	tl.Replay("ok", Answer{Status: 202, Took: time.Second})
	if tl.Failed() {
		t.Fatalf("a quick 202 failed the case: %v", tl.Details)
	}
	tl.Replay("slow", Answer{Status: 200, Took: 6 * time.Second})
	if !tl.Failed() || tl.BadReplay != 0 {
		t.Fatal("a 6 s replay passed")
	}
	for _, a := range []Answer{{Status: 500}, {Status: 409}, {Status: 402}, {Err: context.DeadlineExceeded, TimedOut: true}} {
		var tl Tally
		if tl.Replay("bad", a); tl.BadReplay != 1 || !tl.Failed() {
			t.Fatalf("%s passed", a)
		}
	}

	// A look at a booking whose ticket the server started after payment
	// must find it ticketed, or still being settled; one whose ticket was
	// refused, failed.
	view := func(status string) []byte { return []byte(`{"booking":{"_id":"b1","status":"` + status + `"}}`) }
	for _, tc := range []struct{ ends, status string }{{"ticketed", "ticketed"}, {"ticketed", "ticketing"}, {"ticketed", "unknown"},
		{"failed", "failed"}} {
		var tl Tally
		if tl.ReplayView("b1", tc.ends, Answer{Status: 200, Body: view(tc.status), Took: time.Second}); tl.Failed() {
			t.Fatalf("a paid booking to be %s found %s failed the case: %v", tc.ends, tc.status, tl.Details)
		}
	}
	for _, ends := range []string{"ticketed", "failed"} {
		other := "failed"
		if ends == "failed" {
			other = "ticketed"
		}
		for _, a := range []Answer{{Status: 200, Body: view("booked")}, {Status: 200, Body: view("quoted")}, {Status: 200, Body: view(other)},
			{Status: 404}, {Err: context.DeadlineExceeded, TimedOut: true}} {
			var tl Tally
			if tl.ReplayView("b1", ends, a); tl.BadReplay != 1 || !tl.Failed() {
				t.Fatalf("to be %s: %s passed", ends, a)
			}
		}
	}
	// A refused ticket was settled before the fault: still being settled
	// is not its answer.
	var unsettled Tally
	if unsettled.ReplayView("b1", "failed", Answer{Status: 200, Body: view("unknown")}); unsettled.BadReplay != 1 {
		t.Fatal("a refused booking found unknown passed")
	}
	var slow Tally
	if slow.ReplayView("b1", "ticketed", Answer{Status: 200, Body: view("ticketed"), Took: 6 * time.Second}); !slow.Failed() || slow.BadReplay != 0 {
		t.Fatal("a 6 s look passed")
	}
}

// The refund verdict counts a refund made twice (or for too much, or
// without one of ours) and one of ours left undone, each once; a refund of
// ours processed once at the gateway is fine.
func TestJudgeRefunds(t *testing.T) {
	id := func(s string) *string { return &s }
	paid := func(amount int64) rzpsim.Payment {
		return rzpsim.Payment{ID: "pay_1", Amount: amount, Captured: true, Status: rzpsim.PaymentRefunded}
	}
	refund := func(rid string, amount int64, status string) rzpsim.Refund {
		return rzpsim.Refund{ID: rid, Amount: amount, PaymentID: "pay_1", Status: status}
	}
	order := func(payments []rzpsim.Payment, refunds ...rzpsim.Refund) rzpsim.OrderRecord {
		return rzpsim.OrderRecord{Order: rzpsim.Order{ID: "order_1", Notes: rzpsim.Notes{"booking": "b1"}}, Payments: payments,
			Refunds: append([]rzpsim.Refund{}, refunds...)}
	}
	ours := func(status string, refundID *string) []refundRow {
		return []refundRow{{Trace: "a", Status: status, RefundID: refundID, OrderID: "order_1"}}
	}
	for _, tc := range []struct {
		name           string
		ours           []refundRow
		orders         []rzpsim.OrderRecord
		double, undone int
	}{
		{name: "paid, not refunded", orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)})}},
		{name: "refunded once, processed on both sides", ours: ours("processed", id("rfnd_1")),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)}, refund("rfnd_1", 500000, rzpsim.RefundProcessed))}},
		{name: "refunded twice: a second ask made a second refund", ours: ours("processed", id("rfnd_1")),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)}, refund("rfnd_1", 250000, rzpsim.RefundProcessed),
				refund("rfnd_2", 250000, rzpsim.RefundProcessed))}, double: 1},
		{name: "refunded more than paid", ours: ours("processed", id("rfnd_1")),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(400000)}, refund("rfnd_1", 500000, rzpsim.RefundProcessed))}, double: 1},
		{name: "refunded at the gateway with no refund of ours",
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)}, refund("rfnd_1", 500000, rzpsim.RefundProcessed))}, double: 1},
		{name: "ours still requested, the gateway never asked", ours: ours("requested", nil),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)})}, undone: 1},
		{name: "ours still pending, the gateway's processed", ours: ours("pending", id("rfnd_1")),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)}, refund("rfnd_1", 500000, rzpsim.RefundProcessed))}, undone: 1},
		{name: "ours processed as a refund the gateway lacks", ours: ours("processed", id("rfnd_9")),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)})}, undone: 1},
		{name: "ours processed, the gateway's still pending", ours: ours("processed", id("rfnd_1")),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)}, refund("rfnd_1", 500000, rzpsim.RefundPending))}, undone: 1},
		{name: "refunded twice and ours never settled", ours: ours("requested", nil),
			orders: []rzpsim.OrderRecord{order([]rzpsim.Payment{paid(500000)}, refund("rfnd_1", 500000, rzpsim.RefundProcessed),
				refund("rfnd_2", 500000, rzpsim.RefundProcessed))}, double: 1, undone: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tl Tally
			tl.judgeRefunds(tc.ours, tc.orders, map[string]string{"a": VariantGDSCallback})
			if tl.DoubleRefund != tc.double || tl.RefundUndone != tc.undone {
				t.Fatalf("double refunds, refunds undone = %d, %d; want %d, %d\n%s", tl.DoubleRefund, tl.RefundUndone,
					tc.double, tc.undone, strings.Join(tl.Details, "\n"))
			}
			if n := tc.double + tc.undone; len(tl.Details) != n || tl.Failed() != (n > 0) {
				t.Fatalf("%d details, Failed() = %v for %d findings", len(tl.Details), tl.Failed(), n)
			}
		})
	}
}

// The cancellation verdict counts each kind of harm once: a cancellation
// cancelled at the supplier, one change request per ticket, its refund due
// (the one quoted) made once and processed, and one e-mail for it, is fine.
func TestJudgeCancellations(t *testing.T) {
	const (
		booking = "b1"
		order   = "order_1"
		ours    = "00000000-0000-0000-0000-0000000000a1"
	)
	ptr := func(s string) *string { return &s }
	paise := func(n int64) *int64 { return &n }
	supplierID := paise(7)
	cancel := func(status string, due *int64, tickets ...int64) cancelRow {
		return cancelRow{ID: "c1", BookingID: booking, Trace: "a", Status: status, Quoted: 120000, Due: due, SupplierID: supplierID,
			Tickets: tickets}
	}
	cr := func(id, ticket, status int) sim.ChangeRequestInfo {
		return sim.ChangeRequestInfo{ChangeRequestID: id, TicketID: ticket, Status: status}
	}
	supplier := func(crs ...sim.ChangeRequestInfo) []sim.BookingInfo {
		return []sim.BookingInfo{{BookingID: 7, TraceID: "a", Ticketed: true, ChangeRequests: crs}}
	}
	refund := func(status string, amount int64) refundRow {
		return refundRow{Trace: "a", Status: status, RefundID: ptr("rfnd_1"), OrderID: order, ID: ours, BookingID: booking,
			CancellationID: ptr("c1"), Amount: amount}
	}
	atGateway := func(refunds ...rzpsim.Refund) []rzpsim.OrderRecord {
		return []rzpsim.OrderRecord{{Order: rzpsim.Order{ID: order, Receipt: ptr(booking)},
			Payments: []rzpsim.Payment{{ID: "pay_1", Amount: 500000, Captured: true}}, Refunds: refunds}}
	}
	made := func(id string, amount int64, status string) rzpsim.Refund {
		return rzpsim.Refund{ID: id, Amount: amount, PaymentID: "pay_1", Receipt: ptr(receiptOf(ours)), Status: status}
	}
	mail := "We have refunded ₹1,200.00 …\nSee the booking in My Trips:\nhttp://localhost/account/trips/" + booking
	for _, tc := range []struct {
		name                                    string
		asked                                   []string
		ours                                    []cancelRow
		theirs                                  []sim.BookingInfo
		refunds                                 []refundRow
		orders                                  []rzpsim.OrderRecord
		mails                                   []string
		lost, doubledCR, missing, doubled, mail int
	}{
		{name: "cancelled once, refunded once, told once", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), mails: []string{mail}},
		{name: "a partial cancellation: the staying ticket untouched", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 12)},
			theirs: supplier(cr(1, 12, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), mails: []string{mail}},
		{name: "taken, then not recorded", asked: []string{"c1"}, lost: 1},
		{name: "still sending", asked: []string{"c1"}, ours: []cancelRow{cancel("sending", nil, 11)}, theirs: supplier(cr(1, 11, 4)), lost: 1},
		{name: "refused: the change request sent twice", asked: []string{"c1"}, ours: []cancelRow{cancel("refused", nil, 11)},
			theirs: supplier(cr(1, 11, 4)), lost: 1},
		{name: "cancelled here, nothing at the supplier", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			refunds: []refundRow{refund("processed", 120000)}, orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)),
			mails: []string{mail}, lost: 1},
		{name: "two change requests for one ticket", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 5), cr(2, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), mails: []string{mail}, doubledCR: 1},
		{name: "a change request for the ticket that stays", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 12)},
			theirs: supplier(cr(1, 11, 1), cr(2, 12, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), mails: []string{mail}, doubledCR: 1},
		{name: "cancelled with nothing due though a refund was quoted", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(0), 11)},
			theirs: supplier(cr(1, 11, 4)), missing: 1},
		{name: "the refund still requested", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{{Trace: "a", Status: "requested", OrderID: order, ID: ours, BookingID: booking,
				CancellationID: ptr("c1"), Amount: 120000}}, orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), missing: 1},
		{name: "processed here, pending at the gateway", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundPending)), mails: []string{mail}, missing: 1},
		{name: "asked again under another receipt", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed), rzpsim.Refund{ID: "rfnd_2", Amount: 120000, PaymentID: "pay_1",
				Status: rzpsim.RefundProcessed}), mails: []string{mail}, doubled: 1},
		{name: "made twice under its receipt", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed), made("rfnd_2", 120000, rzpsim.RefundProcessed)),
			mails:  []string{mail}, doubled: 1},
		{name: "the refund e-mail twice", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), mails: []string{mail, mail}, mail: 1},
		{name: "no refund e-mail", asked: []string{"c1"}, ours: []cancelRow{cancel("cancelled", paise(120000), 11)},
			theirs: supplier(cr(1, 11, 4)), refunds: []refundRow{refund("processed", 120000)},
			orders: atGateway(made("rfnd_1", 120000, rzpsim.RefundProcessed)), mail: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tl Tally
			owned := tl.judgeCancellations(tc.asked, tc.ours, tc.theirs, tc.refunds, tc.orders, tc.mails, map[string]string{"a": VariantGDSCancel})
			got := []int{tl.CancelLost, tl.ChangeDoubled, tl.CancelRefundMissing, tl.CancelRefundDoubled, tl.RefundMail}
			want := []int{tc.lost, tc.doubledCR, tc.missing, tc.doubled, tc.mail}
			if !slices.Equal(got, want) {
				t.Fatalf("cancellations lost, change requests doubled, refunds missing, refunds doubled, refund mails = %v; want %v\n%s",
					got, want, strings.Join(tl.Details, "\n"))
			}
			n := 0
			for _, c := range want {
				n += c
			}
			if len(tl.Details) != n || tl.Failed() != (n > 0) {
				t.Fatalf("%d details, Failed() = %v for %d findings", len(tl.Details), tl.Failed(), n)
			}
			// The gateway's refunds on the booking are the cancellation
			// verdict's: the whole-refund verdict finds nothing in them.
			var whole Tally
			whole.judgeRefunds(tc.refunds, ownedOut(tc.orders, owned), map[string]string{"a": VariantGDSCancel})
			if whole.DoubleRefund+whole.RefundUndone != 0 {
				t.Fatalf("the whole-refund verdict judged a cancellation's refund: %v", whole.Details)
			}
		})
	}
}

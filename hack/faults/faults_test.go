// The fault suite: no booking is lost or doubled whatever dies.
//
// Every case runs against real parts in child processes: a private
// PostgreSQL cluster, the built paryatan-api (one or two replicas) and the
// tbo-sim supplier simulator. In each run the case makes three bookings,
// each on its own search (its own TraceId) and every request with an
// Idempotency-Key: a GDS fare to book, a GDS fare already booked to ticket,
// and an LCC fare to ticket directly. The simulator is told to do the work
// of Book and Ticket and then hold the answer (or drop it, or send it late);
// once its control surface (/_sim/bookings) shows the work done, the case
// strikes, then replays every key. At the end it compares our bookings
// table with the simulator's list:
//
//   - kill-9: the API dies mid-call and is restarted. A booking the supplier
//     made must still be recorded (the dead instance's bookings swept to
//     unknown and reconciled), and the replayed key must answer at once.
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
//   - load-200: 200 concurrent bookings (half GDS book-then-ticket, half LCC)
//     over two replicas; every second or two the one holding book or ticket
//     calls is killed -9 and restarted. Requests that lose their replica are
//     replayed on the other, and every key is replayed after.
//
// Each case fails on a lost booking (the supplier has it, we do not hold it
// as booked or ticketed under its BookingId), a doubled one (two supplier
// bookings for one key), a stuck one (ours still booking, ticketing or
// unknown 45 s after the fault), a phantom (ours booked under a BookingId
// the supplier lacks), and a replay that hangs (10 s), answers other than
// 200 or 202, or takes more than 5 s.
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
	cases := append(Cases(2), LoadCase(200, 200, time.Second))
	if *only != "" {
		var picked []Case
		for _, c := range cases {
			if slices.Contains(strings.Split(*only, ","), c.Name) {
				picked = append(picked, c)
			}
		}
		cases = picked
	}
	// The cases run at once, each in a stage of its own (go test would run
	// only GOMAXPROCS parallel subtests at a time); each is then reported
	// as a subtest.
	results := RunAll(ctx, w, pg, cases, t.Logf)
	rows := make([]*Tally, len(results))
	for i, r := range results {
		rows[i] = r.Tally
		t.Run(r.Tally.Case, func(t *testing.T) {
			if r.Err != nil {
				t.Errorf("%v", r.Err)
			}
			if tl := r.Tally; tl.Failed() {
				t.Errorf("%d lost, %d doubled, %d stuck, %d phantom, %d of %d replays bad, slowest replay %s:\n%s",
					tl.Lost, tl.Doubled, tl.Stuck, tl.Phantom, tl.BadReplay, tl.Replays,
					tl.MaxReplay.Round(time.Millisecond), firstLines(tl.Details, 30))
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
// recorded as the supplier holds it is fine whatever path it took.
func TestJudge(t *testing.T) {
	id := func(n int64) *int64 { return &n }
	for _, tc := range []struct {
		name                          string
		ours                          []row
		theirs                        []sim.BookingInfo
		lost, doubled, stuck, phantom int
	}{
		{name: "booked and ticketed as the supplier says",
			ours: []row{{Trace: "a", Status: "booked", SupplierID: id(1)}, {Trace: "b", Status: "ticketed", SupplierID: id(2)},
				{Trace: "c", Status: "failed"}, {Trace: "d", Status: "quoted"}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}, {BookingID: 2, TraceID: "b", Ticketed: true}}},
		{name: "killed mid-book: the supplier booked, ours never heard",
			ours:   []row{{Trace: "a", Status: "booking"}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a"}}, lost: 1, stuck: 1},
		{name: "a ticket issued that we think is only booked",
			ours:   []row{{Trace: "a", Status: "booked", SupplierID: id(1)}},
			theirs: []sim.BookingInfo{{BookingID: 1, TraceID: "a", Ticketed: true}}, lost: 1},
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tl Tally
			tl.judge(tc.ours, tc.theirs, map[string]string{"a": "GDS book"})
			if tl.Lost != tc.lost || tl.Doubled != tc.doubled || tl.Stuck != tc.stuck || tl.Phantom != tc.phantom {
				t.Fatalf("lost %d doubled %d stuck %d phantom %d; want %d %d %d %d\n%s", tl.Lost, tl.Doubled, tl.Stuck, tl.Phantom,
					tc.lost, tc.doubled, tc.stuck, tc.phantom, strings.Join(tl.Details, "\n"))
			}
			if got := len(tl.Details); got != tc.lost+tc.doubled+tc.stuck+tc.phantom {
				t.Fatalf("%d details for %d findings", got, tc.lost+tc.doubled+tc.stuck+tc.phantom)
			}
			if n := tc.lost + tc.doubled + tc.stuck + tc.phantom; tl.Failed() != (n > 0) {
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
	for _, a := range []Answer{{Status: 500}, {Status: 409}, {Err: context.DeadlineExceeded, TimedOut: true}} {
		var tl Tally
		if tl.Replay("bad", a); tl.BadReplay != 1 || !tl.Failed() {
			t.Fatalf("%s passed", a)
		}
	}
}

package trip

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestTransitions lists every allowed move of a booking from the one table
// and checks Next takes each, for each fare kind it names, and refuses every
// other (status, event, fare) combination.
func TestTransitions(t *testing.T) {
	allowed := map[string]Status{}
	for _, tr := range Transitions {
		t.Log(tr)
		for _, f := range fares(tr.Fare) {
			k := key(tr.From, tr.Event, f)
			if prev, dup := allowed[k]; dup && prev != tr.To {
				t.Errorf("%s leads to both %s and %s", k, prev, tr.To)
			}
			allowed[k] = tr.To
		}
	}
	events := eventsOf(Transitions)
	for _, from := range append([]Status{""}, Statuses...) {
		for _, ev := range events {
			for _, f := range []Fare{GDS, LCC} {
				got, err := Next(from, ev, f, StepBook)
				want, ok := allowed[key(from, ev, f)]
				switch {
				case ok && (err != nil || got != want):
					t.Errorf("Next(%q, %q, %s) = %q, %v; the table says %q", from, ev, f, got, err, want)
				case !ok && err == nil:
					t.Errorf("Next(%q, %q, %s) = %q; the table has no such move", from, ev, f, got)
				case !ok:
					var na *ErrNotAllowed
					if !errors.As(err, &na) {
						t.Errorf("Next(%q, %q, %s): error %v is not ErrNotAllowed", from, ev, f, err)
					}
				}
			}
		}
	}
}

// TestNotReceivedDependsOnTheStep: an unknown Ticket of a held full-service
// booking that never reached the airline leaves it held; every other lost
// call that never took effect failed.
func TestNotReceivedDependsOnTheStep(t *testing.T) {
	for _, c := range []struct {
		fare Fare
		step Step
		want Status
	}{
		{GDS, StepBook, Failed},
		{GDS, StepTicket, Booked},
		{LCC, StepTicket, Failed},
		{LCC, StepBook, Failed},
	} {
		got, err := Next(Unknown, NotReceived, c.fare, c.step)
		if err != nil || got != c.want {
			t.Errorf("Next(unknown, not received, %s, %s) = %q, %v; want %q", c.fare, c.step, got, err, c.want)
		}
	}
	if _, err := Next(Booked, NotReceived, GDS, StepTicket); err == nil {
		t.Error("not received is allowed from booked")
	}
}

// TestEveryStatusReachableAndLeft: every status is reached from a new
// booking, and every status but the final ones has a way out, so no
// booking can be stranded by the table itself.
func TestEveryStatusReachableAndLeft(t *testing.T) {
	seen := map[Status]bool{"": true}
	for changed := true; changed; {
		changed = false
		for _, tr := range Transitions {
			if seen[tr.From] && !seen[tr.To] {
				seen[tr.To], changed = true, true
			}
		}
	}
	for _, s := range Statuses {
		if !seen[s] {
			t.Errorf("status %q cannot be reached", s)
		}
		leaves := slices.ContainsFunc(Transitions, func(tr Transition) bool { return tr.From == s && tr.To != s })
		final := s == Ticketed || s == Expired || s == Cancelled || s == Failed
		if !leaves && !final {
			t.Errorf("status %q has no way out", s)
		}
		if leaves && (s == Ticketed || s == Expired || s == Cancelled) {
			t.Errorf("final status %q has a way out", s)
		}
	}
}

func TestStatusSets(t *testing.T) {
	if got := From(LoseOutcome); !sameSet(got, []Status{Booking, Ticketing}) {
		t.Errorf("From(lose outcome) = %v; want the in-flight statuses", got)
	}
	for _, s := range Statuses {
		if s.InFlight() != slices.Contains(From(LoseOutcome), s) {
			t.Errorf("%q: InFlight %v disagrees with the statuses a lost outcome leaves", s, s.InFlight())
		}
	}
	for _, c := range []struct {
		s    Status
		fare Fare
		want bool
	}{
		{Quoted, LCC, true}, {Quoted, GDS, false}, {Booked, GDS, true}, {Booked, LCC, true},
		{Ticketing, GDS, false}, {Unknown, LCC, false}, {Ticketed, GDS, false},
	} {
		if got := AwaitingTicket(c.s, c.fare); got != c.want {
			t.Errorf("AwaitingTicket(%q, %s) = %v; want %v", c.s, c.fare, got, c.want)
		}
	}
	if got := RefundOpen(); !slices.Equal(got, []RefundStatus{RefundRequested, RefundPending}) {
		t.Errorf("RefundOpen() = %v", got)
	}
}

// TestReasons: every failed or ended status is reached only by events that
// record a reason, so a decision never has to read the words in
// bookings.failure; success clears it.
func TestReasons(t *testing.T) {
	for _, tr := range Transitions {
		r := ReasonOf(tr.Event)
		if !slices.Contains(Reasons, r) {
			t.Errorf("%v records unknown reason %q", tr, r)
		}
		if (tr.To.Ended() || tr.To == Unknown) && r == ReasonNone {
			t.Errorf("%v ends or loses a booking without a reason", tr)
		}
		if (tr.Event == Hold || tr.Event == Issue) && r != ReasonNone {
			t.Errorf("%v: success records reason %q", tr, r)
		}
	}
}

// TestOrderAndRefundTables: every move names known statuses, and the final
// statuses (paid; processed, failed) have no way out.
func TestOrderAndRefundTables(t *testing.T) {
	for _, tr := range OrderTransitions {
		t.Logf("order  %-9s --%s--> %s", tr.From, tr.Event, tr.To)
		if !slices.Contains(OrderStatuses, tr.From) || !slices.Contains(OrderStatuses, tr.To) {
			t.Errorf("order move %v names an unknown status", tr)
		}
		if tr.From == OrderPaid {
			t.Errorf("a paid order moves: %v", tr)
		}
	}
	for _, tr := range RefundTransitions {
		t.Logf("refund %-9s --%s--> %s", tr.From, tr.Event, tr.To)
		if !slices.Contains(RefundStatuses, tr.From) || !slices.Contains(RefundStatuses, tr.To) {
			t.Errorf("refund move %v names an unknown status", tr)
		}
		if tr.From == RefundProcessed || tr.From == RefundFailed {
			t.Errorf("a settled refund moves: %v", tr)
		}
	}
}

func fares(f Fare) []Fare {
	if f == AnyFare {
		return []Fare{GDS, LCC}
	}
	return []Fare{f}
}

func key(from Status, ev Event, f Fare) string { return fmt.Sprintf("%s|%s|%s", from, ev, f) }

func eventsOf(ts []Transition) []Event {
	var out []Event
	for _, t := range ts {
		if !slices.Contains(out, t.Event) {
			out = append(out, t.Event)
		}
	}
	return out
}

func sameSet[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

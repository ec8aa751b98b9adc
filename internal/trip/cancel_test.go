package trip

import (
	"errors"
	"os"
	"slices"
	"testing"
)

// Every cancellation status is reached from a new one, only the final ones
// lead nowhere, and a move the table does not list is refused.
func TestCancelTable(t *testing.T) {
	reached := map[CancelStatus]bool{}
	frontier := []CancelStatus{""}
	for len(frontier) > 0 {
		from := frontier[0]
		frontier = frontier[1:]
		for _, tr := range CancelTransitions {
			if tr.From == from && !reached[tr.To] {
				reached[tr.To] = true
				frontier = append(frontier, tr.To)
			}
		}
	}
	for _, s := range CancelStatuses {
		if !reached[s] {
			t.Errorf("status %q is never reached", s)
		}
		leaves := slices.ContainsFunc(CancelTransitions, func(tr CancelTransition) bool { return tr.From == s })
		if leaves == !s.Open() {
			t.Errorf("status %q: open %v, but has moves out: %v", s, s.Open(), leaves)
		}
	}
	if to, err := NextCancel(CancelRequested, SendChange); err != nil || to != CancelSending {
		t.Errorf("requested --send--> %q, %v", to, err)
	}
	var na *ErrNotAllowed
	if _, err := NextCancel(CancelDone, SendChange); !errors.As(err, &na) {
		t.Errorf("sending a finished cancellation again: %v", err)
	}
	if _, err := NextCancel(CancelRequested, ChangeDone); err == nil {
		t.Error("a cancellation never sent is finished")
	}
	if got := CancelFrom(ChangeDone); !sameSet(strs(got), []string{"sending", "with_airline"}) {
		t.Errorf("ChangeDone moves from %v", got)
	}
}

// The database's check on cancellations.status lists exactly the table's
// statuses.
func TestCancelStatusesMatchTheSchema(t *testing.T) {
	b, err := os.ReadFile("../store/migrations/0020_cancellations.sql")
	if err != nil {
		t.Fatal(err)
	}
	l := lists(string(b))
	if len(l) == 0 || !sameSet(l[0], strs(CancelStatuses)) {
		t.Fatalf("the schema allows %v; the table has %v", l, CancelStatuses)
	}
}

package checkout

import (
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/trip"
)

// The decisions the checkout takes from what the gateway says, without a
// database or a gateway.

func TestOrderOutcome(t *testing.T) {
	captured := payment.Payment{ID: "pay_ok", Amount: 500000, Status: payment.PaymentCaptured}
	short := payment.Payment{ID: "pay_short", Amount: 400000, Status: payment.PaymentCaptured}
	failed := payment.Payment{ID: "pay_no", Amount: 500000, Status: payment.PaymentFailed, Error: "UPI declined"}
	authorized := payment.Payment{ID: "pay_auth", Amount: 500000, Status: "authorized"}
	for _, c := range []struct {
		name string
		list []payment.Payment
		ev   trip.Event
		id   string
	}{
		{"nothing yet", nil, "", ""},
		{"captured pays", []payment.Payment{captured}, trip.Captured, "pay_ok"},
		{"a capture after a failure pays", []payment.Payment{failed, captured}, trip.Captured, "pay_ok"},
		{"a capture of another amount does not pay", []payment.Payment{short}, "", ""},
		{"a failed attempt is noted", []payment.Payment{authorized, failed}, trip.AttemptFailed, "pay_no"},
		{"authorized is not paid yet", []payment.Payment{authorized}, "", ""},
	} {
		ev, x := orderOutcome(c.list, 500000)
		if ev != c.ev || x.ID != c.id {
			t.Errorf("%s: %q %q; want %q %q", c.name, ev, x.ID, c.ev, c.id)
		}
		if ev != "" && !hasOrderMove(ev) {
			t.Errorf("%s: %q is not an order move of the table", c.name, ev)
		}
	}
}

func hasOrderMove(ev trip.Event) bool {
	for _, tr := range trip.OrderTransitions {
		if tr.Event == ev {
			return true
		}
	}
	return false
}

func TestRefundDone(t *testing.T) {
	for gw, want := range map[string]trip.RefundStatus{payment.RefundProcessed: trip.RefundProcessed, payment.RefundFailed: trip.RefundFailed} {
		if got, ok := refundDone(gw); !ok || got != want {
			t.Errorf("refundDone(%q) = %q, %v", gw, got, ok)
		}
		ok := false
		for _, tr := range trip.RefundTransitions {
			ok = ok || tr.Event == trip.RefundDone && tr.To == want
		}
		if !ok {
			t.Errorf("%q is not where the table's refund-done moves lead", want)
		}
	}
	if _, ok := refundDone(payment.RefundPending); ok {
		t.Error("a pending refund is not done")
	}
}

func TestFollowEnds(t *testing.T) {
	day := 24 * time.Hour
	for _, c := range []struct {
		status trip.Status
		age    time.Duration
		ends   bool
	}{
		{trip.Quoted, 30 * day, false},
		{trip.Booked, 2 * day, false},
		{trip.Ticketing, 2 * day, false},
		{trip.Unknown, 2 * day, false},
		{trip.Expired, time.Hour, false},
		{trip.Expired, day - time.Second, false},
		{trip.Expired, day, true},
		{trip.Failed, 2 * day, true},
		{trip.Cancelled, 2 * day, true},
		{trip.Ticketed, time.Hour, false},
		{trip.Ticketed, 2 * day, true},
	} {
		if got := followEnds(c.status, c.age); got != c.ends {
			t.Errorf("followEnds(%s, %s) = %v; want %v", c.status, c.age, got, c.ends)
		}
	}
	for _, s := range trip.Statuses {
		over := s.Ended() || s == trip.Ticketed
		if followEnds(s, 365*day) != over {
			t.Errorf("a year-old unpaid order of a %s booking: followed on is %v", s, !over)
		}
	}
}

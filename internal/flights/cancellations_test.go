package flights

import (
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// The traveller's refund is the airline's less our fee, never below
// nothing nor above what is left paid, to the paisa.
func TestRefundOf(t *testing.T) {
	d := decimal.RequireFromString
	for _, c := range []struct{ airline, fee, left, want string }{
		{"5120.5", "0", "10000", "5120.5"},
		{"5120.5", "299.5", "10000", "4821"},
		{"5120.5", "0", "4000", "4000"},
		{"100", "299.5", "10000", "0"},
		{"0.019", "0", "10", "0.01"},
	} {
		if got := refundOf(d(c.airline), d(c.fee), d(c.left)); !got.Equal(d(c.want)) {
			t.Errorf("refundOf(%s, %s, %s) = %s, want %s", c.airline, c.fee, c.left, got, c.want)
		}
	}
}

// My Trips' summary of a ticketed booking's cancellations.
func TestCancellationState(t *testing.T) {
	for _, c := range []struct {
		cancelled, cancelling, tickets int
		want                           string
	}{
		{0, 0, 2, ""}, {1, 0, 2, "partly_cancelled"}, {2, 0, 2, "cancelled"}, {1, 1, 2, "cancelling"}, {0, 2, 2, "cancelling"},
	} {
		if got := cancellationState(c.cancelled, c.cancelling, c.tickets); got != c.want {
			t.Errorf("cancellationState(%d, %d, %d) = %q, want %q", c.cancelled, c.cancelling, c.tickets, got, c.want)
		}
	}
}

// A refusal is told in plain words, the airline's own when they are not
// one of the known reasons.
func TestRefusalWords(t *testing.T) {
	for remarks, want := range map[string]string{
		"Non-Refundable fare: cancellation not permitted": "non-refundable",
		"Flight already departed":                         "already left",
		"":                                                "refused the cancellation. Your tickets are unchanged.",
		"Duplicate request.":                              "The airline refused the cancellation: Duplicate request. Your tickets",
	} {
		if got := refusalWords(remarks); !strings.Contains(got, want) {
			t.Errorf("refusalWords(%q) = %q, want it to say %q", remarks, got, want)
		}
	}
}

// Invoice numbers run by the Indian financial year, April to March, in
// India's time.
func TestFinancialYear(t *testing.T) {
	for at, want := range map[string]string{
		"2026-03-31T18:29:59Z": "25-26", // 23:59 on 31 March in India
		"2026-03-31T18:30:00Z": "26-27", // midnight, 1 April in India
		"2026-11-27T10:00:00Z": "26-27",
		"2099-12-31T00:00:00Z": "99-00",
	} {
		tm, _ := time.Parse(time.RFC3339, at)
		if got := financialYear(tm); got != want {
			t.Errorf("financialYear(%s) = %s, want %s", at, got, want)
		}
	}
}

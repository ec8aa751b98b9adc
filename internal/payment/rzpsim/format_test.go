package rzpsim

import (
	"encoding/json"
	"testing"
)

func TestFormatINR(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		paise int64
		want  string
	}{
		{0, "₹0.00"},
		{5, "₹0.05"},
		{100, "₹1.00"},
		{99999, "₹999.99"},
		{123450, "₹1,234.50"},
		{1234500, "₹12,345.00"},
		{12345600, "₹1,23,456.00"},
		{123456750, "₹12,34,567.50"},
		{100000000000, "₹1,00,00,00,000.00"},
		{-123450, "-₹1,234.50"},
	} {
		if got := formatINR(tc.paise); got != tc.want {
			t.Errorf("formatINR(%d) = %q, want %q", tc.paise, got, tc.want)
		}
	}
}

func TestCardNumbers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		number, network string
		valid           bool
	}{
		{"4111111111111111", "Visa", true},
		{"5555555555554444", "MasterCard", true},
		{"2223003122003222", "MasterCard", true},
		{"378282246310005", "American Express", true},
		{"6074819900004939", "RuPay", true},
		{"4111111111111112", "Visa", false},
		{"41111111111", "Visa", false},
		{"4111 1111 1111 1111", "Visa", false},
	} {
		if got := luhn(tc.number); got != tc.valid {
			t.Errorf("luhn(%s) = %v", tc.number, got)
		}
		if got := cardNetwork(tc.number); got != tc.network {
			t.Errorf("cardNetwork(%s) = %q, want %q", tc.number, got, tc.network)
		}
	}
}

func TestIDs(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 1000 {
		id := newID("pay_")
		if !validID("pay_", id) || seen[id] {
			t.Fatalf("id %q (seen before: %v)", id, seen[id])
		}
		seen[id] = true
	}
	for _, bad := range []string{"pay_", "pay_0000000000000", "pay_000000000000000", "order_00000000000000", "pay_0000000000000!"} {
		if validID("pay_", bad) {
			t.Errorf("%q is valid", bad)
		}
	}
	if a := accountID(DefaultKeyID); a != accountID(DefaultKeyID) || !validID("acc_", a) || a == accountID("rzp_test_Other") {
		t.Errorf("account id %q", a)
	}
}

func TestNotesJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		notes Notes
		want  string
	}{
		{nil, `[]`},
		{Notes{}, `[]`},
		{Notes{"a": "1"}, `{"a":"1"}`},
	} {
		b, err := json.Marshal(tc.notes)
		if err != nil || string(b) != tc.want {
			t.Errorf("%v: %s %v, want %s", tc.notes, b, err, tc.want)
		}
		var back Notes
		if err := json.Unmarshal(b, &back); err != nil || len(back) != len(tc.notes) {
			t.Errorf("%s read back as %v: %v", b, back, err)
		}
	}
	var n Notes
	if err := json.Unmarshal([]byte(`["x"]`), &n); err == nil {
		t.Error("a non-empty list was read as notes")
	}
}

package mailtmpl_test

import (
	"net/mail"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
)

// partial is a cancellation of one of a booking's two tickets.
func partial() mailtmpl.Cancellation {
	return mailtmpl.Cancellation{Reference: "CX7K3Q9D", Travellers: []string{"Mr आरव SHARMA"}, Staying: []string{"Miss TARA <b>SHARMA</b>"},
		Charge: "₹3,000.00", Fee: "₹250.00", Refund: "₹3,450.00", RefundTo: "UPI", RefundBy: "4 Dec 2026",
		Reason: "the fare <i>cannot</i> be cancelled within 2 hours of departure."}
}

// Each cancellation message names the booking and links to it in My
// Trips, says who is cancelled and who stays booked, and what the
// traveller must know at that step: the charges and the refund with where
// it goes and by when, or the airline's reason and that the tickets are
// unchanged. Values are text in the HTML part, never markup.
func TestCancellationMessages(t *testing.T) {
	t.Parallel()
	r := renderer(t)
	to := mail.Address{Name: "आरव शर्मा", Address: "aarav@example.in"}
	link := "https://paryatan.example/account/trips/0b7c6f2e-5a41-4a6e-9d55-3f0c2b9a1e77"
	whole := partial()
	whole.Whole, whole.Staying, whole.Fee, whole.RefundTo = true, nil, "", ""
	for _, c := range []struct {
		name, kind, subject string
		says, not           []string
		render              func() (outbox.Message, error)
	}{
		{"requested, partial", outbox.KindCancellationRequested, "Cancellation requested: BOM → DEL, PNR K7Q2MZ",
			[]string{"We have asked the airline to cancel the tickets of the travellers below", "Your tickets stay valid until the airline confirms",
				"To cancel", "Staying booked", "Airline's cancellation charge:", "₹3,000.00", "Our fee:", "₹250.00", "Refund expected:", "₹3,450.00",
				"your original payment method (UPI)", "4 Dec 2026"},
			[]string{"fare &lt;i&gt;cannot", "fare <i>cannot"},
			func() (outbox.Message, error) { return r.CancellationRequested(to, "आरव", trip(), partial()) }},
		{"requested, whole", outbox.KindCancellationRequested, "Cancellation requested: BOM → DEL, PNR K7Q2MZ",
			[]string{"We have asked the airline to cancel your booking", "₹3,000.00", "₹3,450.00", "your original payment method; expect it by"},
			[]string{"Staying booked", "Our fee"},
			func() (outbox.Message, error) { return r.CancellationRequested(to, "आरव", trip(), whole) }},
		{"done, partial", outbox.KindCancellationDone, "Tickets cancelled: BOM → DEL, PNR K7Q2MZ",
			[]string{"The airline has cancelled the tickets of the travellers below", "Still booked, their tickets unchanged",
				"Miss TARA", "₹3,000.00", "₹250.00", "Refund: ₹3,450.00", "your original payment method (UPI) by", "4 Dec 2026",
				"we will write again when it is processed"},
			[]string{"Refund expected"},
			func() (outbox.Message, error) { return r.CancellationDone(to, "आरव", trip(), partial()) }},
		{"done, whole", outbox.KindCancellationDone, "Booking cancelled: BOM → DEL, PNR K7Q2MZ",
			[]string{"The airline has cancelled your booking", "Refund: ₹3,450.00", "4 Dec 2026"},
			[]string{"Still booked", "Our fee"},
			func() (outbox.Message, error) { return r.CancellationDone(to, "आरव", trip(), whole) }},
		{"refused", outbox.KindCancellationRefused, "Cancellation not accepted: BOM → DEL, PNR K7Q2MZ",
			[]string{"The airline did not accept the cancellation of the tickets of the travellers below", "within 2 hours of departure.",
				"Your tickets are unchanged and still valid for travel", "Nothing has been charged, and nothing is refunded", "Asked to cancel"},
			[]string{"₹3,450.00", "₹3,000.00", "UPI", "Staying"},
			func() (outbox.Message, error) { return r.CancellationRefused(to, "आरव", trip(), partial()) }},
	} {
		m, err := c.render()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m.Kind != c.kind || m.Subject != c.subject || m.To != to || len(m.Attachments) != 0 {
			t.Errorf("%s: %q %q to %v", c.name, m.Kind, m.Subject, m.To)
		}
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, want := range append([]string{"Hello आरव,", "CX7K3Q9D", "Mr आरव SHARMA", "K7Q2MZ", "0B7C6F2E", "IndiGo 6E 2134", link}, c.says...) {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s part lacks %q:\n%s", c.name, part, want, body)
				}
			}
			for _, not := range c.not {
				if strings.Contains(body, not) {
					t.Errorf("%s %s part says %q", c.name, part, not)
				}
			}
		}
		if strings.Contains(m.HTML, "<b>SHARMA</b>") || strings.Contains(m.HTML, "<i>cannot") {
			t.Errorf("%s: a value was not escaped in the html part", c.name)
		}
	}
	m, err := r.CancellationRefused(to, "आरव", trip(), partial())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.HTML, "the fare &lt;i&gt;cannot&lt;/i&gt; be cancelled") || !strings.Contains(m.Text, "the fare <i>cannot</i> be cancelled") {
		t.Errorf("the airline's reason is not shown as written:\n%s", m.HTML)
	}
}

// The refund message gives the amount, where it went and the gateway's
// reference, and warns that banks take a few working days to show it.
func TestRefundDone(t *testing.T) {
	t.Parallel()
	to := mail.Address{Address: "aarav@example.in"}
	m, err := renderer(t).RefundDone(to, "आरव", trip(), mailtmpl.Refund{Amount: "₹3,450.00", To: "card", Reference: "rfnd_<Q9x>"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != outbox.KindRefundDone || m.Subject != "Refund processed: ₹3,450.00" || m.To != to {
		t.Errorf("%q %q to %v", m.Kind, m.Subject, m.To)
	}
	for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
		for _, want := range []string{"We have refunded", "₹3,450.00", "to your original payment method (card)", "Refund reference:",
			"Banks may take a few working days", "K7Q2MZ", "https://paryatan.example/account/trips/0b7c6f2e-5a41-4a6e-9d55-3f0c2b9a1e77"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q:\n%s", part, want, body)
			}
		}
	}
	if !strings.Contains(m.Text, "rfnd_<Q9x>") || !strings.Contains(m.HTML, "rfnd_&lt;Q9x&gt;") {
		t.Errorf("the reference is not shown as written, escaped in the html part")
	}
}

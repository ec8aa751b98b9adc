package mailtmpl_test

import (
	"net/mail"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
)

func trip() mailtmpl.Trip {
	return mailtmpl.Trip{
		ID: "0b7c6f2e-5a41-4a6e-9d55-3f0c2b9a1e77", Reference: "0B7C6F2E", PNR: "K7Q2MZ", Route: "BOM → DEL",
		Flights: []mailtmpl.TripFlight{{Airline: "IndiGo", Number: "6E 2134", From: "Mumbai (BOM)", To: "Delhi (DEL)",
			Depart: "20 Dec 2026, 06:15", Arrive: "20 Dec 2026, 08:25"}},
		Passengers: []mailtmpl.TripPassenger{{Name: "Mr आरव SHARMA", Type: "adult", Ticket: "0987654321",
			Extras: []string{"Seat 12A (Window, exit row), BOM → DEL", "Meal: Veg <i>cheese</i> sandwich, BOM → DEL"}},
			{Name: "Miss TARA <b>SHARMA</b>", Type: "infant"}},
		Total: mailtmpl.Money(decimal.RequireFromString("123456.5"), "INR"),
	}
}

// Each trip message names the booking (PNR, reference, flights, travellers,
// tickets, fare) in both parts and links to it in My Trips; names are text
// in the HTML part, never markup.
func TestTripMessages(t *testing.T) {
	t.Parallel()
	r := renderer(t)
	to := mail.Address{Name: "आरव शर्मा", Address: "aarav@example.in"}
	link := "https://paryatan.example/account/trips/0b7c6f2e-5a41-4a6e-9d55-3f0c2b9a1e77"
	for _, c := range []struct {
		kind, subject, says string
		render              func() (outbox.Message, error)
	}{
		{outbox.KindBookingConfirmed, "Booking confirmed: BOM → DEL, PNR K7Q2MZ", "Your seats are held",
			func() (outbox.Message, error) { return r.BookingConfirmed(to, "आरव", trip()) }},
		{outbox.KindTicketIssued, "Ticket issued: BOM → DEL, PNR K7Q2MZ", "Your tickets are issued",
			func() (outbox.Message, error) { return r.TicketIssued(to, "आरव", trip()) }},
		{outbox.KindBookingFailed, "Not booked: BOM → DEL", "the airline could not issue the ticket.",
			func() (outbox.Message, error) {
				return r.BookingFailed(to, "आरव", trip(), "the airline could not issue the ticket.")
			}},
		{outbox.KindBookingPending, "We are confirming your booking: BOM → DEL", "Please do not book the same flight again",
			func() (outbox.Message, error) { return r.BookingPending(to, "आरव", trip()) }},
	} {
		m, err := c.render()
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		if m.Kind != c.kind || m.Subject != c.subject || m.To != to {
			t.Errorf("%s: %q %q to %v", c.kind, m.Kind, m.Subject, m.To)
		}
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, want := range []string{"Hello आरव,", c.says, "K7Q2MZ", "0B7C6F2E", "IndiGo", "6E 2134", "Mumbai (BOM)", "20 Dec 2026, 06:15",
				"Mr आरव SHARMA", "(adult)", "0987654321", "Seat 12A (Window, exit row), BOM → DEL", "₹1,23,456.50", link} {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s part lacks %q", c.kind, part, want)
				}
			}
		}
		if !strings.Contains(m.Text, "Meal: Veg <i>cheese</i> sandwich") || strings.Contains(m.HTML, "<i>cheese</i>") {
			t.Errorf("%s: an item's words were not kept in the text part, or not escaped in the html part", c.kind)
		}
		if strings.Contains(m.HTML, "<b>SHARMA</b>") || !strings.Contains(m.HTML, "&lt;b&gt;SHARMA&lt;/b&gt;") {
			t.Errorf("%s: a passenger's name was not escaped in the html part", c.kind)
		}
	}
}

func TestMoney(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"0": "₹0.00", "999": "₹999.00", "1000": "₹1,000.00", "12345.6": "₹12,345.60", "123456": "₹1,23,456.00",
		"12345678.9": "₹1,23,45,678.90", "-4500": "-₹4,500.00",
	} {
		if got := mailtmpl.Money(decimal.RequireFromString(in), "INR"); got != want {
			t.Errorf("Money(%s) = %q, want %q", in, got, want)
		}
	}
	if got := mailtmpl.Money(decimal.RequireFromString("1234567.5"), "USD"); got != "USD 1,234,567.50" {
		t.Errorf("USD = %q", got)
	}
}
